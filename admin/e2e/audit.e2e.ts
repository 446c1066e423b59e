import { dialog, graphql, launch, open, row, signIn, submitDialog, type Browser } from "./browser";

/**
 * The audit trail in the admin against the real gateway: a news item's
 * History tab (compare, restore) and the Activity screen, and two admins
 * saving the same setting (the second gets the conflict dialog; the field
 * by field merge is e2e/conflict.e2e.ts).
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
  await signIn(browser.page);
});
afterAll(async () => {
  await browser?.close();
});

async function editNews(heading: string, next: string) {
  const { page } = browser;
  await row(page, heading).getByRole("button", { name: "Edit" }).click();
  await dialog(page).getByLabel("Heading").fill(next);
  await submitDialog(page, "Update");
  await row(page, next).waitFor();
}

describe("the audit trail in the admin", () => {
  it("edits a news item twice, compares and restores its first revision, and shows it on the Activity screen", async () => {
    const { page } = browser;
    const created = await graphql(
      page,
      `
        mutation {
          createNews(heading: "E2E audited news", description: "first words") {
            id
          }
        }
      `,
    );
    const id = created.createNews.id as string;
    await open(page, "/news");
    await editNews("E2E audited news", "E2E audited news, second");
    await editNews("E2E audited news, second", "E2E audited news, third");

    await row(page, "E2E audited news, third").getByRole("button", { name: "Edit" }).click();
    const modal = dialog(page);
    await modal.getByRole("tab", { name: "History" }).click();
    const history = modal.getByRole("table", { name: "History" });
    const revisions = history.locator("tbody tr");
    await revisions.nth(2).waitFor();
    expect(await revisions.count()).toBe(3);
    expect(await revisions.nth(0).textContent()).toContain("Updated");
    expect(await revisions.nth(2).textContent()).toContain("Created");

    await revisions.nth(2).getByRole("button", { name: "Compare" }).click();
    const heading = modal.getByRole("table", { name: "This revision beside the current values" }).locator("tr", { hasText: "Heading" });
    expect(await heading.getAttribute("data-changed")).toBe("true");
    expect(await heading.textContent()).toContain("E2E audited news");
    expect(await heading.textContent()).toContain("E2E audited news, third");

    await modal.getByRole("button", { name: "Restore" }).click();
    await page.getByRole("dialog", { name: "Restore this revision?" }).getByRole("button", { name: "Restore" }).click();
    await revisions.nth(3).waitFor();
    expect(await revisions.nth(0).textContent()).toContain("Restored");
    await modal.getByRole("tab", { name: "Details" }).click();
    expect(await modal.getByLabel("Heading").inputValue()).toBe("E2E audited news");
    await modal.getByRole("button", { name: "Close" }).click();
    const stored = await graphql(
      page,
      `
        query ($id: ID!) {
          News(id: $id) {
            heading
            version
          }
        }
      `,
      { id },
    );
    expect(stored.News).toEqual({ heading: "E2E audited news", version: 4 });

    await open(page, "/activity");
    const events = row(page, `News #${id}`);
    await events.nth(3).waitFor();
    expect(await events.count()).toBe(4);
    const newest = events.first();
    expect(await newest.textContent()).toContain("Restored");
    // Readable: fields by their form labels, no camelCase names, no diff markup.
    const changes = await events.nth(1).locator("td").nth(5).textContent();
    expect(changes).toContain("Heading");
    expect(changes).not.toContain("heading");
    await newest.getByRole("button", { name: "Show the changes" }).click();
    expect(await newest.textContent()).toContain("E2E audited news, third → E2E audited news");
    for (const cell of await page.getByRole("table").first().locator("td").allTextContents())
      expect(cell).not.toMatch(/\b[a-z]+[A-Z][A-Za-z]*\b|\[-|\{\+/);
    // On a 1440 px screen every column shows whole, the Transaction column included.
    await page.setViewportSize({ width: 1440, height: 900 });
    // Nothing around the table scrolls or clips it sideways, and it ends within the window.
    const cut = await page
      .getByRole("table")
      .first()
      .evaluate((table) => {
        const boxes: string[] = [];
        for (let box = table.parentElement; box; box = box.parentElement)
          if (box.scrollWidth > box.clientWidth + 1) boxes.push(`${box.tagName}.${box.className}`);
        return { boxes, past: table.getBoundingClientRect().right - document.documentElement.clientWidth };
      });
    expect(cut.boxes).toEqual([]);
    expect(cut.past).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1366, height: 900 });
    await newest.getByRole("link", { name: `News #${id}` }).click();
    expect(await dialog(page).getByLabel("Heading").inputValue()).toBe("E2E audited news");
  });

  it("two admins save the same setting: the second gets the conflict dialog; reload and overwrite both work", async () => {
    const { page } = browser;
    const other = await launch();
    try {
      await signIn(other.page);
      for (const tab of [page, other.page]) {
        await open(tab, "/setting");
        await row(tab, "telegram").getByRole("button", { name: "Edit" }).click();
        await dialog(tab).getByLabel("Value").waitFor();
      }
      await dialog(other.page).getByLabel("Value").fill("https://t.me/theirs");
      await submitDialog(other.page, "Update");

      const modal = dialog(page);
      await modal.getByLabel("Value").fill("https://t.me/mine");
      await modal.getByRole("button", { name: "Update", exact: true }).click();
      // The conflict panel (the dialog may also tell, live, that they saved: another alert).
      const alert = modal.getByRole("alert").filter({ hasText: "Someone else changed this record since you opened it" });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/Saved by admin at /);
      expect(await modal.getByLabel("Value").inputValue()).toBe("https://t.me/mine");

      await alert.getByRole("button", { name: "Reload their version" }).click();
      await alert.waitFor({ state: "detached" });
      expect(await modal.getByLabel("Value").inputValue()).toBe("https://t.me/theirs");

      // They save again meanwhile; this time the user keeps their own value.
      await row(other.page, "https://t.me/theirs").getByRole("button", { name: "Edit" }).click();
      await dialog(other.page).getByLabel("Value").fill("https://t.me/theirs-again");
      await submitDialog(other.page, "Update");
      await modal.getByLabel("Value").fill("https://t.me/mine");
      await modal.getByRole("button", { name: "Update", exact: true }).click();
      await alert.getByRole("button", { name: "Overwrite" }).click();
      // Overwrite names the field whose newer value it replaces before it saves.
      const confirm = page.getByRole("dialog", { name: "Overwrite their changes?" });
      expect(await confirm.textContent()).toContain("Your values replace their newer ones in: Value.");
      await confirm.getByRole("button", { name: "Overwrite" }).click();
      await confirm.waitFor({ state: "detached" });
      await modal.waitFor({ state: "detached" });
      await row(page, "https://t.me/mine").waitFor();
      const stored = await graphql(
        page,
        `
          {
            allSettings(filter: { q: "telegram" }) {
              name
              value
            }
          }
        `,
      );
      expect(stored.allSettings).toEqual([{ name: "telegram", value: "https://t.me/mine" }]);
    } finally {
      await other.close();
    }
  });
});
