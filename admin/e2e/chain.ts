/**
 * The product's local chain as the end-to-end tests see it: the gateway's
 * chainConfig, anvil's accounts, an independent ethers provider to check what
 * the screens did, fresh tokens for each test, and the injected browser wallet
 * with the 'Select a Wallet' chooser.
 *
 * Shared by several e2e files: keep these signatures stable.
 */
import { deployed, getContract, getContractFactory, type ContractName } from "@presale/abis/node";
import { getAddress, JsonRpcProvider, parseUnits, type Contract } from "ethers";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl, launch, signIn, type Browser } from "./browser";
import { injectWallet } from "./wallet";

export interface E2EChain {
  chainId: number;
  rpcUrl: string;
  contracts: {
    farm: string;
    pairFactory: string;
    presaleFactory: string;
    staking: string;
    token: string;
    stable: string;
    multicall3: string;
  };
  /** anvil's unlocked accounts: [0] owns every contract, [1] owns none. */
  accounts: string[];
  /** A provider of the test's own (not the page's, not the gateway's) on anvil. */
  provider: JsonRpcProvider;
}

let cached: Promise<E2EChain> | null = null;

/** The chain the product under test runs on (read once per test file). */
export function e2eChain(): Promise<E2EChain> {
  cached ??= (async () => {
    const res = await fetch(`${baseUrl()}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        query: "{ chainConfig { chainId rpcUrl contracts { farm pairFactory presaleFactory staking token stable multicall3 } } }",
      }),
    });
    const body = (await res.json()) as { data?: { chainConfig: Omit<E2EChain, "accounts" | "provider"> | null } };
    const config = body.data?.chainConfig;
    if (!config) throw new Error("The product runs without a chain (chainConfig is null)");
    const provider = new JsonRpcProvider(config.rpcUrl, config.chainId, { staticNetwork: true, cacheTimeout: -1 });
    const accounts = ((await provider.send("eth_accounts", [])) as string[]).map((a) => getAddress(a));
    return { ...config, accounts, provider };
  })();
  return cached;
}

/** One of the product's contracts, read through the test's own provider. */
export const contractAt = (c: E2EChain, name: ContractName, address: string): Contract => getContract(name, address, c.provider);

let tokens = 0;

/**
 * Deploys a fresh sale token from account 0 (so every test works on its own
 * token, whatever ran before). Returns its checksummed address.
 */
export async function deployToken(
  chain: E2EChain,
  { name, symbol, decimals = 18, supply = "1000000" }: { name?: string; symbol?: string; decimals?: number; supply?: string } = {},
): Promise<string> {
  const sequence = ++tokens;
  const signer = await chain.provider.getSigner(chain.accounts[0]);
  const token = await getContractFactory("SaleToken", signer).deploy(
    name ?? `E2E Token ${sequence}`,
    symbol ?? `E2E${sequence}`,
    decimals,
    parseUnits(supply, decimals),
  );
  await deployed(token);
  return getAddress(await token.getAddress());
}

export interface TestWalletOptions {
  /** Which anvil account the wallet exposes (default accounts[0], the owner). */
  account?: string;
  /** The chain the wallet starts on (default: the product's). */
  chainId?: number;
  /** Chains the wallet knows (default: just chainId); switching elsewhere answers 4902 until added. */
  knownChains?: number[];
}

/** Injects the EIP-1193 test wallet (window.ethereum, forwarding to anvil) into every page of the context. */
export async function installTestWallet(context: BrowserContext, chain: E2EChain, options: TestWalletOptions = {}) {
  const chainId = options.chainId ?? chain.chainId;
  await injectWallet(context, {
    rpcUrl: chain.rpcUrl,
    account: options.account ?? chain.accounts[0],
    chainId,
    rpcChainId: chain.chainId,
    knownChains: options.knownChains ?? [chainId],
  });
}

/** Picks the browser wallet in the 'Select a Wallet' chooser and waits for it to close. */
export async function connectThroughChooser(page: Page) {
  const chooser = page.getByRole("dialog", { name: "Select a Wallet" });
  await chooser.getByText("Browser wallet").click();
  await chooser.waitFor({ state: "hidden" });
}

/** Every EIP-1193 method the page called on the injected wallet, in order. */
export const walletCalls = (page: Page) => page.evaluate(() => (window as unknown as { __walletCalls: string[] }).__walletCalls ?? []);

/** A signed-in browser whose wallet is the injected test wallet on this chain. */
export async function signedInWithWallet(chain: E2EChain, wallet: TestWalletOptions = {}): Promise<Browser> {
  const browser = await launch();
  await installTestWallet(browser.context, chain, wallet);
  await signIn(browser.page);
  return browser;
}
