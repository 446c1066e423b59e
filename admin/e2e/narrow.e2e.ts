/**
 * SPEC gaps 13.7 in Chromium: at 390 px (a phone) ManageSale fits the screen
 * in one column and every button can be reached and used; no list screen
 * scrolls sideways (a wide table scrolls in its own box); /transactions fits a
 * 1,366 px laptop screen.
 */
import { parseEther } from "ethers";
import type { Page } from "playwright-core";
import { baseUrl, eventually, open, type Browser } from "./browser";
import {
  adminToken,
  connectWallet,
  contract,
  createTestSale,
  gql,
  saleChain,
  toast,
  walletBrowser,
  type SaleChain,
  type TestSale,
} from "./saleChain";
import { LISTS } from "./screenList";

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 768 };

let chain: SaleChain;
let sale: TestSale;
let browser: Browser;
let page: Page;

/** Sends a presale call from the owner and has the gateway record it (so the history tables have long rows). */
async function sendAndRecord(fn: string, args: unknown[]) {
  const presale = await contract(chain, "Presale", sale.presale, chain.accounts[0]);
  const tx = await presale[fn](...args);
  await tx.wait();
  await gql(`mutation ($h: String!) { recordChainTransaction(hash: $h) { id } }`, { h: tx.hash }, await adminToken());
}

beforeAll(async () => {
  chain = await saleChain();
  sale = await createTestSale(chain, 9);
  const buyers = chain.accounts.slice(2, 7);
  await sendAndRecord("addMultipleWhitelistedAddresses", [buyers, buyers.map(() => parseEther("1.5"))]);
  await sendAndRecord("setTokenRatePercrypto", [123_456_789_012_345_678n]);
  await sendAndRecord("setBUSDMaxEthLimit", [parseEther("123456789")]);
  browser = await walletBrowser(chain, chain.accounts[0]);
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** How far the page itself scrolls sideways (0 when it fits). */
const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

it("lays ManageSale out in one column at 390 px, as wide as the screen, every button reachable and working", async () => {
  await page.setViewportSize(PHONE);
  await page.goto(`${baseUrl()}/ManageSale/${sale.presale}`);
  await page.getByRole("heading", { name: "On-chain values" }).waitFor();
  await connectWallet(page, chain.accounts[0]);
  await page.getByRole("table", { name: "Transaction history" }).locator("tbody tr").nth(2).waitFor();
  expect(await sideways()).toBeLessThanOrEqual(0);

  // One column: the cards stand one under the other, each starting at the same left edge.
  const lefts = await Promise.all(
    ["Sale settings", "Deposit", "Sale", "On-chain values"].map(
      async (name) => (await page.getByRole("heading", { name, exact: true }).boundingBox())!.x,
    ),
  );
  expect(new Set(lefts).size).toBe(1);

  // Every button of the screen, once scrolled to, lies entirely within the screen's width.
  const buttons = page.getByRole("main").getByRole("button");
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
  const hardCap = page.getByRole("group", { name: "Hard Cap For USDT", exact: true });
  await hardCap.getByRole("textbox").fill("777");
  await hardCap.getByRole("button", { name: "Update" }).click();
  await toast(page, "Transaction succeeded...");
  const presale = await contract(chain, "Presale", sale.presale);
  await eventually(async () => expect(await presale.BUSDhardCap()).toBe(parseEther("777")));
  expect(await sideways()).toBeLessThanOrEqual(0);
});

it("keeps every list screen within 390 px: a wide table scrolls in its own box", async () => {
  await page.setViewportSize(PHONE);
  const wide: string[] = [];
  for (const route of LISTS) {
    await open(page, `/${route}`);
    if ((await sideways()) > 0) wide.push(`/${route}: ${await sideways()} px too wide`);
  }
  expect(wide).toEqual([]);
  // The transactions table is wider than a phone: it scrolls inside its box.
  await open(page, "/transactions");
  const wrapper = page.locator(".RaDataTable-tableWrapper");
  expect(await wrapper.evaluate((box) => box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX === "auto")).toBe(true);
}, 300_000);

it("fits /transactions in a 1,366 px laptop screen, table included", async () => {
  await page.setViewportSize(LAPTOP);
  await open(page, "/transactions");
  await page.locator(`tbody tr`).nth(3).waitFor();
  expect(await sideways()).toBeLessThanOrEqual(0);
  const wrapper = page.locator(".RaDataTable-tableWrapper");
  expect(await wrapper.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
});
