import { dialog, eventually, graphql, launch, open, row, signIn, streamOpen, submitDialog, type Browser } from "./browser";

/**
 * Two admins on the News list against the real gateway:
 * what one adds shows in the other's list without a reload, one's save shows
 * in the other's open dialog before it saves, and each sees the other has the
 * record open.
 */
let mine: Browser;
let theirs: Browser;

beforeAll(async () => {
  [mine, theirs] = await Promise.all([launch(), launch()]);
  // Every row my list shows highlighted, as it happens: the highlight fades after a moment, however slowly we look.
  await mine.context.addInitScript(() => {
    const highlighted: string[] = [];
    (window as unknown as { __highlighted: string[] }).__highlighted = highlighted;
    const note = (node: Node) => {
      if (!(node instanceof Element)) return;
      const rows = node.matches("tr.live-changed") ? [node] : [...node.querySelectorAll("tr.live-changed")];
      for (const row of rows) highlighted.push(row.textContent ?? "");
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes") note(record.target);
        else record.addedNodes.forEach(note);
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  });
  await Promise.all([signIn(mine.page), signIn(theirs.page)]);
});
afterAll(async () => {
  await Promise.all([mine?.close(), theirs?.close()]);
});

describe("live screens", () => {
  it("shows a news item added in one tab in the other's list as the stream tells of it, without a reload", async () => {
    await Promise.all([open(mine.page, "/news"), open(theirs.page, "/news")]);
    // The stream opens with the list: a write before it is open would not be told.
    await streamOpen(mine.page);
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
    await row(mine.page, "E2E live news").waitFor();
    // Highlighted: read again because the stream told of it (neither a reload nor a poll highlights a row).
    await eventually(async () =>
      expect(await mine.page.evaluate(() => (window as unknown as { __highlighted: string[] }).__highlighted)).toContainEqual(
        expect.stringContaining("E2E live news"),
      ),
    );
    expect(reloaded).toBe(false);
  });

  it("shows their save in my open dialog before mine, and who else has it open", async () => {
    for (const page of [mine.page, theirs.page]) {
      await open(page, "/news");
      // Its stream open before its dialog announces itself: the other tab's answer to that announcement is heard.
      await streamOpen(page);
      await row(page, "E2E live news").getByRole("button", { name: "Edit" }).click();
      await dialog(page).getByLabel("Heading").waitFor();
    }
    // Both signed in as the admin: each sees the other tab.
    await dialog(mine.page).getByText("Also open by admin").waitFor();
    await dialog(theirs.page).getByText("Also open by admin").waitFor();

    await dialog(theirs.page).getByLabel("Heading").fill("E2E live news, theirs");
    await submitDialog(theirs.page, "Update");
    const notice = dialog(mine.page).getByText(/^admin saved this record \d+ s ago$/);
    await notice.waitFor();
    await dialog(mine.page)
      .getByRole("table", { name: "Changes since you opened it" })
      .getByRole("rowheader", { name: /^Heading/ })
      .waitFor();
    // Their dialog closed: they are no longer shown as having it open.
    await dialog(mine.page).getByText("Also open by admin").waitFor({ state: "detached" });

    await dialog(mine.page).getByRole("button", { name: "Take their changes" }).click();
    expect(await dialog(mine.page).getByLabel("Heading").inputValue()).toBe("E2E live news, theirs");
    await dialog(mine.page).getByLabel("Description").fill("my words");
    await submitDialog(mine.page, "Update");
    await row(mine.page, "E2E live news, theirs").waitFor();
  });
});
