/**
 * The blocklist against the real product in Chromium with the injected test
 * wallet: adding and deleting go through the sale token (proved by
 * isBlacklisted, read independently), the table follows, rows the chain
 * disagrees with are marked, a non-owner is refused before signing, and the
 * history holds each transaction. The list is left empty, as found.
 */
import { mined } from "@presale/abis";
import type { Page } from "playwright-core";
import { baseUrl, eventually, open, row, shot, type Browser } from "./browser";
import {
  adminToken,
  connectWallet,
  contract,
  gql,
  saleChain,
  sentCount,
  toastCameAndWent,
  walletBrowser,
  type SaleChain,
} from "./saleChain";

let chain: SaleChain;
let browser: Browser;
let page: Page;
let token: Awaited<ReturnType<typeof contract>>;
let target: string;
let stale: string;

const entries = async () =>
  (await gql(`{ allBlocklistEntries(perPage: 1000) { id walletAddress } }`, {}, await adminToken())).allBlocklistEntries as {
    id: string;
    walletAddress: string;
  }[];

beforeAll(async () => {
  chain = await saleChain();
  token = await contract(chain, "SaleToken", chain.contracts.token);
  target = chain.accounts[7];
  stale = chain.accounts[8];
  browser = await walletBrowser(chain, chain.accounts[0]);
  page = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  // Leave the list and the token as they were (the screens suite expects an empty blocklist).
  const owner = await contract(chain, "SaleToken", chain.contracts.token, chain.accounts[0]);
  for (const entry of await entries()) {
    if (await token.isBlacklisted(entry.walletAddress)) await mined(owner.removeBlacklist(entry.walletAddress));
    await gql(`mutation ($id: ID!) { deleteBlocklistEntry(id: $id) { id } }`, { id: entry.id }, await adminToken());
  }
});

const addDialog = (p: Page) => p.getByRole("dialog", { name: "Add to blocklist" });

async function openAdd(tab: Page, address: string) {
  await tab.getByRole("button", { name: "Add", exact: true }).click();
  await addDialog(tab).getByLabel("Wallet Address").fill(address);
}

it("asks for a wallet before adding, and checks the address from 42 characters", async () => {
  await open(page, "/blocklist");
  await openAdd(page, target);
  await addDialog(page).getByRole("button", { name: "Add", exact: true }).click();
  await toastCameAndWent(page, "Please connect your wallet");
  const input = addDialog(page).getByLabel("Wallet Address");
  await input.fill(target.slice(0, 41));
  expect(await addDialog(page).getByText("Invalid Address!").count()).toBe(0);
  await input.fill(`${target.slice(0, 41)}z`);
  await addDialog(page).getByText("Invalid Address!").waitFor();
  await addDialog(page).getByRole("button", { name: "Close" }).click();
  await addDialog(page).waitFor({ state: "hidden" });
  expect(await sentCount(page)).toBe(0);
});

it("connects the wallet, shows its address and keeps it under 'userwallet'", async () => {
  await connectWallet(page, chain.accounts[0]);
  expect(await page.evaluate(() => localStorage.getItem("userwallet"))).toBe(chain.accounts[0]);
});

it("adds: addBlacklistedUser on the token, then the entry in the list", async () => {
  expect(await token.isBlacklisted(target)).toBe(false);
  await openAdd(page, target.toLowerCase());
  await addDialog(page).getByRole("button", { name: "Add", exact: true }).click();
  await toastCameAndWent(page, "Address added to the blocklist");
  await eventually(async () => expect(await token.isBlacklisted(target)).toBe(true));
  expect((await entries()).map((e) => e.walletAddress)).toEqual([target]);
  await row(page, target).getByText("Blocked", { exact: true }).waitFor();
  await shot(page, "44-blocklist");
});

it("marks an address the chain does not block", async () => {
  await gql(`mutation ($a: String) { createBlocklistEntry(walletAddress: $a) { id } }`, { a: stale }, await adminToken());
  await page.reload();
  await row(page, stale).getByText("Not blocked on chain").waitFor();
  await page.getByText("1 address is in this list but not blocked on chain").waitFor();
  await row(page, target).getByText("Blocked", { exact: true }).waitFor();
  // Deleting it needs no transaction: the chain already agrees.
  await connectWallet(page, chain.accounts[0]); // the test wallet forgets its connection on reload
  const sent = await sentCount(page);
  await row(page, stale).getByRole("button", { name: "Delete" }).click();
  await toastCameAndWent(page, "Address removed from the blocklist");
  await row(page, stale).waitFor({ state: "detached" });
  expect(await sentCount(page)).toBe(sent);
});

it("refuses a non-owner wallet with a plain message before anything is signed", async () => {
  const other = await walletBrowser(chain, chain.accounts[1]);
  try {
    const otherPage = other.page;
    await open(otherPage, "/blocklist");
    await connectWallet(otherPage, chain.accounts[1]);
    await openAdd(otherPage, chain.accounts[9]);
    await addDialog(otherPage).getByRole("button", { name: "Add", exact: true }).click();
    await otherPage
      .getByText(
        `Try Again ! The connected wallet ${chain.accounts[1]} is not the owner of the token contract (owner ${chain.accounts[0]})`,
        { exact: true },
      )
      .waitFor();
    expect(await sentCount(otherPage)).toBe(0);
    expect(await token.isBlacklisted(chain.accounts[9])).toBe(false);
    expect((await entries()).map((e) => e.walletAddress)).toEqual([target]);
  } finally {
    await other.close();
  }
});

it("deletes: removeBlacklist on the token, then the entry", async () => {
  await row(page, target).getByRole("button", { name: "Delete" }).click();
  await toastCameAndWent(page, "Address removed from the blocklist");
  await eventually(async () => expect(await token.isBlacklisted(target)).toBe(false));
  expect(await entries()).toEqual([]);
  await page.getByText("No user found!").waitFor();
});

it("records the token transactions in the history", async () => {
  const { allChainTransactions: history } = await gql(
    `{ allChainTransactions(filter: { contract: "SaleToken" }, perPage: 100) { hash functionName args wallet userName status } }`,
    {},
    await adminToken(),
  );
  const mine = (history as { functionName: string; args: string; hash: string }[]).filter((t) =>
    t.args?.toLowerCase().includes(target.toLowerCase()),
  );
  expect(mine.map((t) => t.functionName)).toEqual(["removeBlacklist", "addBlacklistedUser"]);
  for (const sent of mine) expect(sent).toMatchObject({ wallet: chain.accounts[0], userName: "admin", status: "success" });

  await page.goto(`${baseUrl()}/transactions?filter=${encodeURIComponent(JSON.stringify({ contract: "SaleToken" }))}`);
  for (const sent of mine) await page.locator(`[data-hash="${sent.hash}"]`).first().waitFor();
});
