import { mkdirSync } from "fs";
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, dialog, graphql, launch, open, row, signIn, submitDialog, type Browser } from "./browser";

/**
 * Two admins edit the same news item against the real gateway: the one who
 * saves second gets the conflict panel, which merges what only one of them
 * changed and asks about what both did.
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

/** Both admins open the news item's edit dialog. */
async function bothOpen(heading: string) {
  for (const page of [mine.page, theirs.page]) {
    await open(page, "/news");
    await row(page, heading).getByRole("button", { name: "Edit" }).click();
    await dialog(page).getByLabel("Heading").waitFor();
  }
}

async function storedNews(page: Page, id: string) {
  const stored = await graphql(
    page,
    `
      query ($id: ID!) {
        News(id: $id) {
          heading
          description
        }
      }
    `,
    { id },
  );
  return stored.News;
}

/** The conflict table's row of the field labelled `label`. */
const fieldRow = (page: Page, label: string) =>
  dialog(page)
    .getByRole("table", { name: "Changes since you opened it" })
    .locator("tr", { has: page.getByRole("rowheader", { name: new RegExp(`^${label}`) }) });

/** Screenshot of the panel in a window `width` px wide; nothing around its table scrolls or clips it sideways. */
async function panelAt(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  const table = dialog(page).getByRole("table", { name: "Changes since you opened it" });
  await table.scrollIntoViewIfNeeded();
  const clipped = await table.evaluate((element) => {
    const boxes: string[] = [];
    for (let box: Element | null = element; box && box !== document.body; box = box.parentElement)
      if (box.scrollWidth > box.clientWidth + 1) boxes.push(`${box.tagName}.${box.className}`);
    return boxes;
  });
  expect(clipped).toEqual([]);
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `conflict-${width}.png`) });
}

describe("two admins edit the same news item", () => {
  it("merges their heading with my description, then saves my pick of a heading both changed", async () => {
    const created = await graphql(
      mine.page,
      `
        mutation {
          createNews(heading: "E2E merged news", description: "first words") {
            id
          }
        }
      `,
    );
    const id = created.createNews.id as string;
    const modal = dialog(mine.page);

    // They change the heading; I change the description: merged without a question.
    await bothOpen("E2E merged news");
    await dialog(theirs.page).getByLabel("Heading").fill("E2E merged news, theirs");
    await submitDialog(theirs.page, "Update");
    await modal.getByLabel("Description").fill("my words");
    await modal.getByRole("button", { name: "Update", exact: true }).click();
    const alert = modal.getByRole("alert");
    await alert.getByText("Someone else changed this record since you opened it").waitFor();
    await fieldRow(mine.page, "Heading").getByText("Their change, taken").waitFor();
    expect(await fieldRow(mine.page, "Description").getByText("Your change, kept").count()).toBe(1);
    expect(await modal.getByLabel("Heading").inputValue()).toBe("E2E merged news, theirs");
    await alert.getByRole("button", { name: "Save merged" }).click();
    await modal.waitFor({ state: "detached" });
    expect(await storedNews(mine.page, id)).toEqual({ heading: "E2E merged news, theirs", description: "my words" });

    // Both change the heading (they the description too): I pick mine for the heading, theirs is merged for the description.
    await bothOpen("E2E merged news, theirs");
    await dialog(theirs.page).getByLabel("Heading").fill("E2E merged news, their second");
    await dialog(theirs.page)
      .getByLabel("Description")
      .fill("their words, a longer text that has to wrap in a narrow window rather than scroll sideways");
    await submitDialog(theirs.page, "Update");
    await modal.getByLabel("Heading").fill("E2E merged news, my second");
    await modal.getByRole("button", { name: "Update", exact: true }).click();
    const heading = fieldRow(mine.page, "Heading");
    await heading.getByText("Changed by both: pick one").waitFor();
    expect(await alert.getByRole("button", { name: "Save merged" }).isDisabled()).toBe(true);
    await panelAt(mine.page, 1440);
    await panelAt(mine.page, 390);
    await mine.page.setViewportSize({ width: 1366, height: 900 });
    await heading.getByRole("radio", { name: "Yours" }).check();
    await alert.getByRole("button", { name: "Save merged" }).click();
    await modal.waitFor({ state: "detached" });
    expect(await storedNews(mine.page, id)).toEqual({
      heading: "E2E merged news, my second",
      description: "their words, a longer text that has to wrap in a narrow window rather than scroll sideways",
    });
  });
});
