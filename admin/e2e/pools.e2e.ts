/**
 * 'Add Pool' on Image Text Edit (/Feature) against the real product in
 * Chromium, with the injected test wallet: the owner adds a farm pool (pair
 * created through the wallet, Farm.add in basis points, then the record);
 * adding it again is refused in plain words (its pool and record exist); a
 * non-owner is told plainly and signs nothing.
 */
import path from "path";
import { ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { eventually, graphql, IMAGES, open, row, setFile, shot, type Browser } from "./browser";
import {
  connectThroughChooser,
  contractAt,
  deployToken,
  e2eChain,
  signedInWithWallet,
  walletCalls,
  type E2EChain,
  type TestWalletOptions,
} from "./chain";

let chain: E2EChain;
let browser: Browser | undefined;
/** Pool records this file saved: removed afterwards, so other files still find the Farms list as they left it. */
const saved: string[] = [];

beforeAll(async () => {
  chain = await e2eChain();
});
afterEach(async () => {
  if (browser)
    for (const id of saved.splice(0))
      await graphql(
        browser.page,
        `
          mutation Drop($id: ID!) {
            deletePool(id: $id) {
              id
            }
          }
        `,
        { id },
      );
  await browser?.close();
  browser = undefined;
});

async function browserWith(wallet: TestWalletOptions = {}) {
  const opened = await signedInWithWallet(chain, wallet);
  browser = opened;
  return opened.page;
}

const modal = (page: Page) => page.getByRole("dialog", { name: "Add Pool" });
const farm = () => contractAt(chain, "Farm", chain.contracts.farm);
const pairOf = (token: string) =>
  contractAt(chain, "PairFactory", chain.contracts.pairFactory).getPair(token, chain.contracts.stable) as Promise<string>;
const sent = async (page: Page) => (await walletCalls(page)).filter((m) => m === "eth_sendTransaction").length;

/** Opens 'Add Pool' (the wallet chooser comes up on open) and connects the browser wallet. */
async function openAddPool(page: Page) {
  await open(page, "/Feature");
  await page.getByRole("button", { name: "Add Pool" }).click();
  // The chooser opens over the dialog at once, which hides the dialog from the accessibility tree while it is up:
  // the dialog is looked for with hidden ones too, or a slow first look would wait behind the chooser forever.
  await page.getByRole("dialog", { name: "Add Pool", includeHidden: true }).waitFor();
  await connectThroughChooser(page);
}

async function fillPool(page: Page, token: string, symbol: string) {
  const dialog = modal(page);
  await dialog.getByLabel("Multiplier").fill("2");
  await dialog.getByLabel("Token A address").fill(token);
  await eventually(async () => expect(await dialog.getByLabel("Token A name").inputValue()).toBe(symbol));
  await dialog.getByLabel("Deposit fee").fill("1.5");
  await setFile(dialog, path.join(IMAGES, "farms.png"));
  return dialog;
}

it("account 0 adds a farm pool: pair created, Farm.add in basis points, then the Pool record; adding it again is refused in plain words", async () => {
  const token = await deployToken(chain, { name: "Farm Token", symbol: "efarm" });
  const before = (await farm().poolLength()) as bigint;
  const page = await browserWith();
  await openAddPool(page);
  const dialog = await fillPool(page, token, "efarm");
  await shot(page, "33-add-pool");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await page.getByText(`Pool ${before} added: EFARM-BUSD LP`).waitFor({ timeout: 60_000 });

  // On chain: one more pool, staking the token's BUSD pair, in basis points.
  expect(await farm().poolLength()).toBe(before + 1n);
  const pair = await pairOf(token);
  expect(pair).not.toBe(ZeroAddress);
  const info = await farm().poolInfo(before);
  expect(info.lpToken).toBe(pair);
  expect(info.allocPoint).toBe(200n);
  expect(info.depositFeeBP).toBe(150n);
  expect(await sent(page)).toBe(2); // createPair, then add

  // In the database, with the pool defaults (risk 5, token-only).
  const { allPools } = await graphql(
    page,
    `
      query Pools($pid: Int) {
        allPools(filter: { pid: $pid }) {
          id
          pid
          risk
          lpSymbol
          alloc
          isTokenOnly
          lpAddresses
          tokenSymbol
          tokenAddresses
          quoteTokenSymbol
          quoteTokenAddresses
          depositFee
          imageUri
        }
      }
    `,
    { pid: Number(before) },
  );
  saved.push(...allPools.map((p: { id: string }) => p.id));
  expect(allPools).toEqual([
    expect.objectContaining({
      pid: Number(before),
      risk: 5,
      lpSymbol: "EFARM-BUSD LP",
      alloc: "2",
      isTokenOnly: true,
      lpAddresses: pair,
      tokenSymbol: "EFARM",
      tokenAddresses: token,
      quoteTokenSymbol: "BUSD",
      quoteTokenAddresses: chain.contracts.stable,
      depositFee: "1.5",
      imageUri: expect.any(String),
    }),
  ]);

  // The same token again: its pool is on chain and has its record, said plainly before any signature.
  await modal(page).waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Add Pool" }).click();
  await fillPool(page, token, "efarm");
  await modal(page).getByRole("button", { name: "Add", exact: true }).click();
  await modal(page)
    .getByRole("alert")
    .filter({ hasText: `The farm already has this token's pool (pid ${before}), and its record exists` })
    .waitFor();
  await shot(page, "34-pool-exists");
  expect(await sent(page)).toBe(2);
  expect(await farm().poolLength()).toBe(before + 1n);

  // The Farms list shows the new pool.
  await open(page, "/Farms");
  await row(page, "EFARM-BUSD LP").waitFor();
});

it("a non-owner wallet (accounts[1]) is told plainly and signs nothing: no pair, no pool", async () => {
  const token = await deployToken(chain, { symbol: "NOFARM" });
  const before = (await farm().poolLength()) as bigint;
  const page = await browserWith({ account: chain.accounts[1] });
  await openAddPool(page);
  const dialog = await fillPool(page, token, "NOFARM");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  const message = `The connected wallet ${chain.accounts[1]} is not the owner of the farm contract (owner ${chain.accounts[0]})`;
  await dialog.getByRole("alert").filter({ hasText: message }).waitFor();
  await page.getByText(`Try Again: ${message}`).waitFor();

  expect(await walletCalls(page)).not.toContain("eth_sendTransaction");
  expect(await pairOf(token)).toBe(ZeroAddress);
  expect(await farm().poolLength()).toBe(before);
});
