/**
 * Narrow screens in Chromium: at 390 px (a phone) ManageSale fits the screen
 * in one column and every button can be reached and used; every list shows
 * one row a record, no list screen scrolls sideways nor has a button beyond
 * the screen, no title is cut, the pager fits, 'Logout (name)' is in the user
 * menu and dialogs fill the screen; a News row opens its edit dialog when
 * tapped and its 'Actions' menu edits and deletes; a record's History reads
 * top to bottom; between phone and laptop widths a wide table scrolls in its
 * own box; /transactions fits a 1,366 px laptop screen. Screenshots of News
 * and its History at 1,440 and 390 px go to admin/test-artifacts/.
 */
import { mined } from "@presale/abis";
import { parseEther } from "ethers";
import { baseUrl, eventually, open, row, shot } from "./browser";
import { ownerSaleForFile } from "./ownerSale";
import { adminToken, connectWallet, contract, gql, toast, type SaleChain } from "./saleChain";
import { LISTS } from "./screenList";

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 700, height: 900 };
const LAPTOP = { width: 1366, height: 768 };
const DESKTOP = { width: 1440, height: 900 };

/** Sends a presale call from the owner and has the gateway record it (so the history tables have long rows). */
async function sendAndRecord(chain: SaleChain, presaleAddress: string, fn: string, args: unknown[]) {
  const presale = await contract(chain, "Presale", presaleAddress, chain.accounts[0]);
  const tx = await presale[fn](...args);
  await mined(tx);
  await gql(`mutation ($h: String!) { recordChainTransaction(hash: $h) { id } }`, { h: tx.hash }, await adminToken());
}

const owner = ownerSaleForFile(async ({ chain, sale }) => {
  const buyers = chain.accounts.slice(2, 7);
  await sendAndRecord(chain, sale.presale, "addMultipleWhitelistedAddresses", [buyers, buyers.map(() => parseEther("1.5"))]);
  await sendAndRecord(chain, sale.presale, "setTokenRatePercrypto", [123_456_789_012_345_678n]);
  await sendAndRecord(chain, sale.presale, "setBUSDMaxEthLimit", [parseEther("123456789")]);
});

/** How far the page itself scrolls sideways (0 when it fits). */
const sideways = () => owner.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

it("lays ManageSale out in one column at 390 px, as wide as the screen, every button reachable and working", async () => {
  await owner.page.setViewportSize(PHONE);
  await owner.page.goto(`${baseUrl()}/ManageSale/${owner.sale.presale}`);
  await owner.page.getByRole("heading", { name: "On-chain values" }).waitFor();
  await connectWallet(owner.page, owner.chain.accounts[0]);
  await owner.page.getByRole("table", { name: "Transaction history" }).locator("tbody tr").nth(2).waitFor();
  expect(await sideways()).toBeLessThanOrEqual(0);

  // One column: the cards stand one under the other, each starting at the same left edge.
  const lefts = await Promise.all(
    ["Sale settings", "Deposit", "Sale", "On-chain values"].map(
      async (name) => (await owner.page.getByRole("heading", { name, exact: true }).boundingBox())!.x,
    ),
  );
  expect(new Set(lefts).size).toBe(1);

  // Every button of the screen, once scrolled to, lies entirely within the screen's width.
  const buttons = owner.page.getByRole("main").getByRole("button");
  const count = await buttons.count();
  expect(count).toBeGreaterThan(10);
  const outside: string[] = [];
  for (let index = 0; index < count; index++) {
    const button = buttons.nth(index);
    if (!(await button.isVisible())) continue;
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    if (box.x < 0 || box.x + box.width > PHONE.width) outside.push(`${await button.textContent()}: ${box.x} to ${box.x + box.width}`);
  }
  expect(outside).toEqual([]);

  // And acting works at this size.
  const hardCap = owner.page.getByRole("group", { name: "Hard Cap For USDT", exact: true });
  await hardCap.getByRole("textbox").fill("777");
  await hardCap.getByRole("button", { name: "Update" }).click();
  await toast(owner.page, "Transaction succeeded...");
  const presale = await contract(owner.chain, "Presale", owner.sale.presale);
  await eventually(async () => expect(await presale.BUSDhardCap()).toBe(parseEther("777")));
  expect(await sideways()).toBeLessThanOrEqual(0);
});

/** The buttons of the page's main area (rows, menus and toolbars) that reach beyond the screen's width. */
const buttonsBeyond = () =>
  owner.page.evaluate(() =>
    [...document.querySelectorAll("main button, main [role=button]")]
      .filter((button) => button.getClientRects().length > 0)
      .map((button) => ({ name: button.getAttribute("aria-label") ?? button.textContent, box: button.getBoundingClientRect() }))
      .filter(({ box }) => box.left < 0 || box.right > window.innerWidth)
      .map(({ name, box }) => `${name}: ${Math.round(box.left)} to ${Math.round(box.right)}`),
  );

it("shows every list screen at 390 px as rows within the screen: no table, no button beyond its edge", async () => {
  await owner.page.setViewportSize(PHONE);
  const wide: string[] = [];
  for (const route of LISTS) {
    await open(owner.page, `/${route}`);
    if ((await sideways()) > 0) wide.push(`/${route}: ${await sideways()} px too wide`);
    // The app bar's title is never cut (it wraps), and the pager's buttons lie within the screen.
    const title = await owner.page.locator("#react-admin-title").evaluate((box) => [box.scrollWidth, box.clientWidth]);
    if (title[0] > title[1]) wide.push(`/${route}: title cut (${title[0]} px in ${title[1]})`);
    if (await owner.page.getByRole("main").getByRole("table").count()) wide.push(`/${route}: a table instead of rows`);
    for (const button of await buttonsBeyond()) wide.push(`/${route}: ${button}`);
    const last = owner.page.getByRole("button", { name: "Last", exact: true });
    if (await last.count()) {
      const box = (await last.boundingBox())!;
      if (box.x + box.width > PHONE.width) wide.push(`/${route}: Last at ${box.x} to ${box.x + box.width}`);
    }
  }
  expect(wide).toEqual([]);
}, 300_000);

it("scrolls a table wider than a tablet (700 px) inside its own box, not the page", async () => {
  await owner.page.setViewportSize(TABLET);
  await open(owner.page, "/transactions");
  await owner.page.locator("tbody tr").first().waitFor();
  expect(await sideways()).toBeLessThanOrEqual(0);
  const wrapper = owner.page.locator(".RaDataTable-tableWrapper");
  expect(await wrapper.evaluate((box) => box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === "auto")).toBe(true);
});

it("moves 'Logout (name)' into the user menu and shows dialogs full-screen at 390 px", async () => {
  await owner.page.setViewportSize(PHONE);
  await open(owner.page, "/News");
  expect(await owner.page.getByRole("button", { name: /^Logout \(/ }).count()).toBe(0);
  await owner.page.getByRole("button", { name: "Account" }).click();
  await owner.page.getByRole("menuitem", { name: /^Logout \(/ }).waitFor();
  await owner.page.keyboard.press("Escape");
  await owner.page.getByRole("menuitem", { name: /^Logout \(/ }).waitFor({ state: "detached" });
  await owner.page.getByRole("button", { name: "Add News" }).click();
  await owner.page.getByRole("dialog").waitFor();
  const box = (await owner.page.locator(".MuiDialog-paper").boundingBox())!;
  expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, PHONE.width, PHONE.height]);
  await owner.page.keyboard.press("Escape");
  await owner.page.getByRole("dialog").waitFor({ state: "detached" });
});

it("fits /transactions in a 1,366 px laptop screen", async () => {
  await owner.page.setViewportSize(LAPTOP);
  await open(owner.page, "/transactions");
  await owner.page.locator(`tbody tr`).nth(3).waitFor();
  expect(await sideways()).toBeLessThanOrEqual(0);
});

/** A News item with two updates behind it (long words among them), so its History has something to compare. */
async function newsWithHistory(heading: string) {
  const token = await adminToken();
  const created = await gql<{ createNews: { id: string } }>(
    `mutation ($h: String!) { createNews(heading: $h, description: "First words") { id } }`,
    { h: heading },
    token,
  );
  const { id } = created.createNews;
  const update = `mutation ($id: ID!, $d: String) { updateNews(id: $id, description: $d) { id } }`;
  await gql(update, { id, d: `Second words with a long one: ${"0x".padEnd(90, "ab")}` }, token);
  await gql(update, { id, d: "Third words, a sentence long enough to wrap on a phone's narrow screen more than once." }, token);
  return id;
}

/** The open dialog's History tab, the revision with the long word compared with the record. */
async function compareLongWord() {
  const modal = owner.page.getByRole("dialog");
  await modal.getByRole("tab", { name: "History" }).click();
  const compare = modal.getByRole("button", { name: "Compare" });
  await compare.nth(2).waitFor();
  await compare.nth(1).click();
  await modal.getByText("Third words", { exact: false }).last().waitFor();
  return modal;
}

/** How far an element's content is wider than the element (0 when nothing scrolls sideways). */
const overflow = (locator: ReturnType<typeof owner.page.locator>) => locator.evaluate((box) => box.scrollWidth - box.clientWidth);

it("opens a News row's edit dialog when tapped at 390 px, reads its History top to bottom, and edits and deletes from its Actions menu", async () => {
  const heading = "Narrow news, tapped";
  const id = await newsWithHistory(heading);
  const { page } = owner;

  await page.setViewportSize(DESKTOP);
  await open(page, "/News");
  await row(page, heading).waitFor();
  await shot(page, "list-1440");
  await row(page, heading).getByRole("button", { name: "Edit" }).click();
  await compareLongWord();
  await shot(page, "history-1440");
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });

  await page.setViewportSize(PHONE);
  await open(page, "/News");
  const phoneRow = page.getByRole("main").getByRole("listitem").filter({ hasText: heading });
  await phoneRow.waitFor();
  await shot(page, "list-390");
  await phoneRow.getByText(heading).click();
  const modal = await compareLongWord();
  await modal.getByRole("heading", { name: "Update News" }).waitFor();
  // No table in the History: blocks of revisions and of compared fields, nothing wider than the dialog.
  expect(await modal.getByRole("table").count()).toBe(0);
  expect(await overflow(modal.locator(".MuiDialogContent-root"))).toBeLessThanOrEqual(0);
  expect(await sideways()).toBeLessThanOrEqual(0);
  const changed = modal.locator("[data-changed]");
  expect(await changed.first().textContent()).toContain("Description");
  const box = (await changed.first().boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await shot(page, "history-390");
  await page.keyboard.press("Escape");
  await modal.waitFor({ state: "detached" });

  // The row's Actions menu: Edit opens the same dialog (the menu closes), Delete deletes.
  await phoneRow.getByRole("button", { name: "Actions" }).click();
  let menu = page.getByRole("group", { name: "Actions" });
  expect(await menu.getByRole("button").allTextContents()).toEqual(["Edit", "Hide", "Delete"]);
  await menu.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("dialog").getByRole("heading", { name: "Update News" }).waitFor();
  await menu.waitFor({ state: "detached" });
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await phoneRow.getByRole("button", { name: "Actions" }).click();
  menu = page.getByRole("group", { name: "Actions" });
  await menu.getByRole("button", { name: "Delete" }).click();
  await phoneRow.waitFor({ state: "detached" });
  // The undo's time runs out, then the gateway deletes it.
  await eventually(async () => {
    const left = await gql<{ News: { id: string } | null }>(`query ($id: ID!) { News(id: $id) { id } }`, { id }, await adminToken()).then(
      (data) => data.News,
      (error: Error) => (/not found/i.test(error.message) ? null : Promise.reject(error)),
    );
    expect(left).toBeNull();
  }, 60_000);
}, 120_000);
