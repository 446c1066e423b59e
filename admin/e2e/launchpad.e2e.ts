/**
 * 'Add LaunchPadv' against the real product in Chromium, with the injected
 * test wallet: the owner (account 0) creates a presale through the factory and
 * the record is saved; a non-owner is told plainly and nothing is signed; a
 * wallet on another chain is switched (then the chain added) first.
 */
import { parseEther, parseUnits, ZeroAddress } from "ethers";
import type { Page } from "playwright-core";
import { eventually, graphql, open, row, shot, type Browser } from "./browser";
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

beforeAll(async () => {
  chain = await e2eChain();
});
afterEach(async () => {
  await browser?.close();
  browser = undefined;
});

async function browserWith(wallet: TestWalletOptions = {}) {
  const opened = await signedInWithWallet(chain, wallet);
  browser = opened;
  return opened.page;
}

const modal = (page: Page) => page.getByRole("dialog", { name: "Add LaunchPadv" });

/** Opens 'Add LaunchPadv' and fills every field for `token` (pool 6: 5 days). */
async function fillLaunchPad(page: Page, token: string, decimals: number) {
  await open(page, "/LaunchPad");
  await page.getByRole("heading", { name: "LaunchPad" }).first().waitFor();
  await page.getByRole("button", { name: "Add LaunchPad" }).click();
  const dialog = modal(page);
  await dialog.getByLabel("Token Address").fill(token);
  await eventually(async () => expect(await dialog.getByLabel("Token Decimal").inputValue()).toBe(String(decimals)));
  await dialog.getByRole("combobox", { name: "Pool (lock period)" }).click();
  await page.getByRole("option", { name: "Pool 6: 5 days lock" }).click();
  const values: [string, string][] = [
    ["Price of Token per BNB", "1000"],
    ["Price of Token per BUSD", "2.5"],
    ["BNB Minimum Contribution", "0.1"],
    ["BNB Maximum Contribution", "10"],
    ["BUSD Minimum Contribution", "50"],
    ["BUSD Maximum Contribution", "5000"],
    ["Hard Cap (BNB)", "100"],
    ["BUSD Hard Cap", "50000"],
  ];
  for (const [label, value] of values) await dialog.getByLabel(label, { exact: true }).fill(value);
  return dialog;
}

const presaleOf = (token: string) =>
  contractAt(chain, "PresaleFactory", chain.contracts.presaleFactory).getPresale(token) as Promise<string>;

async function recordsOf(page: Page, token: string) {
  const data = await graphql(
    page,
    `
      query Records($token: String) {
        allLaunchPads(filter: { tokenAddress: $token }) {
          pid
          presaleAddress
          tokenName
          tokenSymbol
          tokenDecimal
          priceToken
          priceTokenCrypto
          busdHardCap
        }
      }
    `,
    { token },
  );
  return data.allLaunchPads as Record<string, unknown>[];
}

it("account 0 connects through 'Select a Wallet' and adds a launchpad: the presale is on chain and its record in the database", async () => {
  const token = await deployToken(chain, { name: "Launch Nine", symbol: "LNINE", decimals: 9 });
  const page = await browserWith();
  const dialog = await fillLaunchPad(page, token, 9);
  expect(await dialog.getByLabel("Token Name").inputValue()).toBe("Launch Nine");
  expect(await dialog.getByLabel("Token Symbol").inputValue()).toBe("LNINE");
  await shot(page, "30-add-launchpad");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await connectThroughChooser(page);
  await page.getByText(/^LaunchPad added: presale 0x[0-9a-fA-F]{40}$/).waitFor({ timeout: 60_000 });

  // On chain, read independently of the page.
  const presale = await presaleOf(token);
  expect(presale).not.toBe(ZeroAddress);
  const sale = contractAt(chain, "Presale", presale);
  expect(await sale.tokenRatePerEth()).toBe(parseUnits("1000", 9));
  expect(await sale.tokenRatePercrypto()).toBe(parseUnits("2.5", 9));
  expect(await sale.minEthLimit()).toBe(parseEther("0.1"));
  expect(await sale.BUSDhardCap()).toBe(parseEther("50000"));
  expect(await sale.owner()).toBe(chain.accounts[0]);
  expect(await sale.Staker()).toBe(chain.contracts.staking);

  // In the database, through the API.
  expect(await recordsOf(page, token)).toEqual([
    {
      pid: 6,
      presaleAddress: presale,
      tokenName: "Launch Nine",
      tokenSymbol: "LNINE",
      tokenDecimal: 9,
      priceToken: "1000",
      priceTokenCrypto: "2.5",
      busdHardCap: "50000",
    },
  ]);
  const calls = await walletCalls(page);
  expect(calls.filter((m) => m === "eth_sendTransaction")).toHaveLength(1);

  // In the list: pool 6 locks for 5 days; edit leads to its ManageSale screen.
  await modal(page).waitFor({ state: "hidden" });
  const line = row(page, presale);
  await line.getByText("5 Days").waitFor();
  expect(await line.getByRole("link", { name: "Edit" }).getAttribute("href")).toBe(`/ManageSale/${presale}`);
  await shot(page, "31-launchpad-added");
});

it("a non-owner wallet (accounts[1]) is told plainly and nothing is signed", async () => {
  const token = await deployToken(chain, { symbol: "LNOPE" });
  const page = await browserWith({ account: chain.accounts[1] });
  const dialog = await fillLaunchPad(page, token, 18);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await connectThroughChooser(page);
  const message = `The connected wallet ${chain.accounts[1]} is not the owner of the presale factory (owner ${chain.accounts[0]})`;
  await dialog.getByRole("alert").filter({ hasText: message }).waitFor();
  await page.getByText(`Try Again: ${message}`).waitFor();
  await shot(page, "32-launchpad-not-owner");

  const calls = await walletCalls(page);
  expect(calls).toContain("eth_requestAccounts");
  expect(calls).not.toContain("eth_sendTransaction");
  expect(await presaleOf(token)).toBe(ZeroAddress);
  expect(await recordsOf(page, token)).toEqual([]);
});

it("a wallet on another chain (56) is switched to the product's chain, which it first adds, then the presale is created", async () => {
  const token = await deployToken(chain, { symbol: "LSWITCH" });
  const page = await browserWith({ chainId: 56, knownChains: [56] });
  const dialog = await fillLaunchPad(page, token, 18);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await connectThroughChooser(page);
  await page.getByText(/^LaunchPad added: presale 0x/).waitFor({ timeout: 60_000 });

  const calls = await walletCalls(page);
  const switchAt = calls.indexOf("wallet_switchEthereumChain");
  const addAt = calls.indexOf("wallet_addEthereumChain");
  const sendAt = calls.indexOf("eth_sendTransaction");
  expect(switchAt).toBeGreaterThanOrEqual(0);
  expect(addAt).toBeGreaterThan(switchAt);
  expect(sendAt).toBeGreaterThan(addAt);
  expect(
    await page.evaluate(() =>
      (window as unknown as { ethereum: { request(a: { method: string }): Promise<string> } }).ethereum.request({ method: "eth_chainId" }),
    ),
  ).toBe(`0x${chain.chainId.toString(16)}`);
  const presale = await presaleOf(token);
  expect(presale).not.toBe(ZeroAddress);
  expect((await recordsOf(page, token)).map((r) => r.presaleAddress)).toEqual([presale]);
});
