/**
 * What the ManageSale and Blocklist end-to-end tests need from the product's
 * local chain, on their own (independent of the other e2e files): the chain
 * config, anvil's accounts, the test's own ethers provider to prove each
 * action on chain, a fresh presale per file, and a browser whose wallet is the
 * injected EIP-1193 test wallet.
 */
import { createPresaleThroughFactory, deployed, getContract, getContractFactory, type ContractName } from "@presale/abis/node";
import { getAddress, JsonRpcProvider, parseEther, parseUnits, type Contract } from "ethers";
import type { Page } from "playwright-core";
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrl, launch, pageReport, signIn, type Browser } from "./browser";
import { injectWallet } from "./wallet";

export interface SaleChain {
  chainId: number;
  rpcUrl: string;
  contracts: {
    presaleFactory: string;
    staking: string;
    token: string;
    stable: string;
    multicall3: string;
    farm: string;
    pairFactory: string;
  };
  /** anvil's unlocked accounts: [0] owns every contract. */
  accounts: string[];
  /** The test's own provider on anvil (not the page's, not the gateway's). */
  provider: JsonRpcProvider;
}

/** One GraphQL operation against the product (signed in when a token is given). */
export async function gql<T = Record<string, any>>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data!;
}

let session: Promise<string> | null = null;
/** The admin's token, for GraphQL calls that prepare or check data. */
export const adminToken = () =>
  (session ??= gql<{ login: { token: string } }>(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { token } }`, {
    e: ADMIN_EMAIL,
    p: ADMIN_PASSWORD,
  }).then((d) => d.login.token));

let chain: Promise<SaleChain> | null = null;
export function saleChain(): Promise<SaleChain> {
  chain ??= (async () => {
    const { chainConfig } = await gql<{ chainConfig: Omit<SaleChain, "accounts" | "provider"> | null }>(
      "{ chainConfig { chainId rpcUrl contracts { presaleFactory staking token stable multicall3 farm pairFactory } } }",
    );
    if (!chainConfig) throw new Error("The product runs without a chain (chainConfig is null)");
    const provider = new JsonRpcProvider(chainConfig.rpcUrl, chainConfig.chainId, { staticNetwork: true, cacheTimeout: -1 });
    const accounts = ((await provider.send("eth_accounts", [])) as string[]).map((a) => getAddress(a));
    return { ...chainConfig, accounts, provider };
  })();
  return chain;
}

/** A contract read (or, with a signer account, written) through the test's own provider. */
export async function contract(local: SaleChain, name: ContractName, address: string, signerAccount?: string): Promise<Contract> {
  return getContract(name, address, signerAccount ? await local.provider.getSigner(signerAccount) : local.provider);
}

let tokens = 0;
/** A fresh sale token deployed from account 0 (each presale sells its own token). */
export async function deploySaleToken(local: SaleChain, decimals: number, symbol = `MS${++tokens}`): Promise<string> {
  const signer = await local.provider.getSigner(local.accounts[0]);
  const token = await getContractFactory("SaleToken", signer).deploy(
    `Manage Sale ${symbol}`,
    symbol,
    decimals,
    parseUnits("10000000", decimals),
  );
  await deployed(token);
  return getAddress(await token.getAddress());
}

export interface TestSale {
  presale: string;
  token: string;
  decimals: number;
  symbol: string;
}

/**
 * A presale of its own for a test file: a new token, createPresale through the
 * factory from account 0 (closed, nothing deposited), and its launchpad record.
 */
export async function createTestSale(local: SaleChain, decimals = 9): Promise<TestSale> {
  const symbol = `MS${++tokens}${Date.now() % 10_000}`;
  const token = await deploySaleToken(local, decimals, symbol);
  const unit = 10n ** BigInt(decimals);
  const created = await createPresaleThroughFactory(await local.provider.getSigner(local.accounts[0]), local.contracts.presaleFactory, {
    token,
    priceBNB: 1000n * unit, // 1000 tokens per BNB
    priceBUSD: 2n * unit, // 2 tokens per BUSD
    maxBNB: parseEther("10"),
    minBNB: parseEther("0.1"),
    maxBUSD: parseEther("5000"),
    minBUSD: parseEther("50"),
    hardCap: parseEther("100"),
    busdHardCap: parseEther("1000"),
    pid: 1,
    staker: local.contracts.staking,
  });
  await gql(
    `mutation ($presale: String, $token: String, $symbol: String, $decimals: Int) {
      createLaunchPad(pid: 1, presaleAddress: $presale, tokenAddress: $token, tokenName: "Manage Sale token", tokenSymbol: $symbol, tokenDecimal: $decimals,
        priceToken: "1000", priceTokenCrypto: "2", bnbMinimumContribution: "0.1", bnbMaximumContribution: "10",
        busdMinimumContribution: "50", busdMaximumContribution: "5000", hardCap: "100", busdHardCap: "1000") { id }
    }`,
    { presale: created.presaleAddress, token, symbol, decimals },
    await adminToken(),
  );
  return { presale: created.presaleAddress, token, decimals, symbol };
}

/** A signed-in Chromium whose browser wallet is anvil's `account`. */
export async function walletBrowser(local: SaleChain, account: string): Promise<Browser> {
  const tokenB = await launch();
  await injectWallet(tokenB.context, {
    rpcUrl: local.rpcUrl,
    account,
    chainId: local.chainId,
    rpcChainId: local.chainId,
    knownChains: [local.chainId],
  });
  await tokenB.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl() });
  await signIn(tokenB.page);
  return tokenB;
}

/** 'Connect Wallet' → 'Select a Wallet' → Browser wallet; resolves once the short address shows. */
export async function connectWallet(page: Page, account: string) {
  await page.getByRole("button", { name: "Connect Wallet" }).click();
  const chooser = page.getByRole("dialog", { name: "Select a Wallet" });
  await chooser.getByText("Browser wallet").click();
  await chooser.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: `${account.slice(0, 6)}...${account.slice(-4)}` }).waitFor();
}

/** How many transactions the page asked the wallet to send so far (window.__walletCalls). */
export const sentCount = (page: Page) =>
  page.evaluate(
    () => ((window as unknown as { __walletCalls?: string[] }).__walletCalls ?? []).filter((m) => m === "eth_sendTransaction").length,
  );

/** Waits for a toast's exact text; when it does not come, says which toasts, wallet calls and console lines the page had instead. */
export async function toast(page: Page, text: string, timeout = 60_000) {
  try {
    await page.getByText(text, { exact: true }).first().waitFor({ timeout });
  } catch (error) {
    const calls = await page.evaluate(() => (window as unknown as { __walletCalls?: string[] }).__walletCalls ?? []).catch(() => []);
    throw new Error(`${(error as Error).message}\n${await pageReport(page)}\nWallet calls: ${JSON.stringify(calls)}`, { cause: error });
  }
}

/** A toast (and the line under it saying what happened, if given), then its closing: the next identical toast is a new one. */
export async function toastCameAndWent(page: Page, text: string, detail?: string) {
  await toast(page, text);
  if (detail) await page.getByText(detail, { exact: true }).first().waitFor();
  await page.getByText(text, { exact: true }).first().waitFor({ state: "hidden", timeout: 60_000 });
}
