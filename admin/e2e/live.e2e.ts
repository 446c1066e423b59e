import { dialog, graphql, launch, open, row, signIn, submitDialog, type Browser } from "./browser";

/**
 * Two admins on the News list against the real gateway (issue 27 point 3):
 * what one adds shows in the other's list without a reload, one's save shows
 * in the other's open dialog before it saves, and each sees the other has the
 * record open.
 */
let mine: Browser;
let theirs: Browser;

beforeAll(async () => {
  [mine, theirs] = await Promise.all([launch(), launch()]);
  await Promise.all([signIn(mine.page), signIn(theirs.page)]);
});
afterAll(async () => {
  await Promise.all([mine?.close(), theirs?.close()]);
});

describe("live screens", () => {
  it("shows a news item added in one tab in the other's list within 2 s, without a reload", async () => {
    await Promise.all([open(mine.page, "/news"), open(theirs.page, "/news")]);
    // The stream opens with the list: give it its moment before writing.
    await mine.page.waitForTimeout(500);
    let reloaded = false;
    mine.page.once("load", () => (reloaded = true));

    await graphql(
      theirs.page,
      `
        mutation {
          createNews(heading: "E2E live news") {
            id
          }
        }
      `,
    );
    const added = row(mine.page, "E2E live news");
    await added.waitFor({ timeout: 2000 });
    expect(await added.getAttribute("class")).toContain("live-changed");
    expect(reloaded).toBe(false);
  });

  it("shows their save in my open dialog before mine, and who else has it open", async () => {
    for (const page of [mine.page, theirs.page]) {
      await open(page, "/news");
      await row(page, "E2E live news").getByRole("button", { name: "Edit" }).click();
      await dialog(page).getByLabel("Heading").waitFor();
    }
    // Both signed in as the admin: each sees the other tab.
    await dialog(mine.page).getByText("Also open by admin").waitFor({ timeout: 5000 });
    await dialog(theirs.page).getByText("Also open by admin").waitFor({ timeout: 5000 });

    await dialog(theirs.page).getByLabel("Heading").fill("E2E live news, theirs");
    await submitDialog(theirs.page, "Update");
    const notice = dialog(mine.page).getByText(/^admin saved this record \d+ s ago$/);
    await notice.waitFor({ timeout: 5000 });
    await dialog(mine.page)
      .getByRole("table", { name: "Changes since you opened it" })
      .getByRole("rowheader", { name: /^Heading/ })
      .waitFor();
    // Their dialog closed: they are no longer shown as having it open.
    await dialog(mine.page).getByText("Also open by admin").waitFor({ state: "detached", timeout: 5000 });

    await dialog(mine.page).getByRole("button", { name: "Take their changes" }).click();
    expect(await dialog(mine.page).getByLabel("Heading").inputValue()).toBe("E2E live news, theirs");
    await dialog(mine.page).getByLabel("Description").fill("my words");
    await submitDialog(mine.page, "Update");
    await row(mine.page, "E2E live news, theirs").waitFor();
  });
});
