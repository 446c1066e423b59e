/**
 * SPEC gaps 13.11 in Chromium: 'Token Address' on ManageSale changes the
 * presale's token on chain, and the gateway, reading the mined transaction
 * itself, brings the LaunchPad record in step (GraphQL and the legacy
 * /api/getCardDetails the public site reads).
 */
import type { Page } from "playwright-core";
import { baseUrl, eventually, type Browser } from "./browser";
import {
  connectWallet,
  contract,
  createTestSale,
  deploySaleToken,
  gql,
  saleChain,
  toast,
  walletBrowser,
  type SaleChain,
  type TestSale,
} from "./saleChain";

let chain: SaleChain;
let sale: TestSale;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  chain = await saleChain();
  sale = await createTestSale(chain, 9);
  browser = await walletBrowser(chain, chain.accounts[0]);
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const launchPad = async () =>
  (
    await gql<{ allLaunchPads: { tokenAddress: string; tokenSymbol: string; tokenDecimal: number }[] }>(
      `query ($p: String) { allLaunchPads(filter: { presaleAddress: $p }) { tokenAddress tokenSymbol tokenDecimal } }`,
      { p: sale.presale },
    )
  ).allLaunchPads[0];

const cardDetails = async () => {
  const res = await fetch(`${baseUrl()}/api/getCardDetails`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cardPresaleAddress: sale.presale }),
  });
  return ((await res.json()) as { TokenAddress: string }[])[0];
};

it("updates the LaunchPad record's token address after a setTokenAddress sent from ManageSale", async () => {
  const symbol = `NEW${Date.now() % 10_000}`;
  const other = await deploySaleToken(chain, 6, symbol);
  expect(await launchPad()).toEqual({ tokenAddress: sale.token, tokenSymbol: sale.symbol, tokenDecimal: 9 });

  await page.goto(`${baseUrl()}/ManageSale/${sale.presale}`);
  await page.getByRole("heading", { name: "On-chain values" }).waitFor();
  await connectWallet(page, chain.accounts[0]);
  const field = page.getByRole("group", { name: "Token Address", exact: true });
  await field.getByRole("textbox").fill(other);
  await field.getByRole("button", { name: "Update" }).click();
  await toast(page, "Transaction succeeded...");

  const presale = await contract(chain, "Presale", sale.presale);
  expect(await presale.tokenAddress()).toBe(other);
  await eventually(async () => expect(await launchPad()).toEqual({ tokenAddress: other, tokenSymbol: symbol, tokenDecimal: 6 }));
  expect((await cardDetails()).TokenAddress).toBe(other);
});
