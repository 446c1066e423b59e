/**
 * SPEC gaps 13.7 in Chromium: at 390 px (a phone) ManageSale fits the screen
 * in one column and every button can be reached and used; no list screen
 * scrolls sideways (a wide table scrolls in its own box), no title is cut, the
 * pager fits, 'Logout (name)' is in the user menu and dialogs fill the screen;
 * /transactions fits a 1,366 px laptop screen.
 */
import { mined } from "@presale/abis";
import { parseEther } from "ethers";
import { baseUrl, eventually, open } from "./browser";
import { ownerSaleForFile } from "./ownerSale";
import { adminToken, connectWallet, contract, gql, toast, type SaleChain } from "./saleChain";
import { LISTS } from "./screenList";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

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

it("keeps every list screen within 390 px: a wide table scrolls in its own box", async () => {
  await owner.page.setViewportSize(PHONE);
  const wide: string[] = [];
  for (const route of LISTS) {
    await open(owner.page, `/${route}`);
    if ((await sideways()) > 0) wide.push(`/${route}: ${await sideways()} px too wide`);
    // The app bar's title is never cut (it wraps), and the pager's buttons lie within the screen.
    const title = await owner.page.locator("#react-admin-title").evaluate((box) => [box.scrollWidth, box.clientWidth]);
    if (title[0] > title[1]) wide.push(`/${route}: title cut (${title[0]} px in ${title[1]})`);
    const last = owner.page.getByRole("button", { name: "Last", exact: true });
    if (await last.count()) {
      const box = (await last.boundingBox())!;
      if (box.x + box.width > PHONE.width) wide.push(`/${route}: Last at ${box.x} to ${box.x + box.width}`);
    }
  }
  expect(wide).toEqual([]);
  // The transactions table is wider than a phone: it scrolls inside its box.
  await open(owner.page, "/transactions");
  const wrapper = owner.page.locator(".RaDataTable-tableWrapper");
  expect(await wrapper.evaluate((box) => box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === "auto")).toBe(true);
}, 300_000);

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
