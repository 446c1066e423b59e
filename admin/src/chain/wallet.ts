/**
 * The connected wallet, outside React: the EIP-1193 provider of the active
 * connector, its account and chain. WalletProvider keeps it in step with
 * web3-react; sendTransaction reads it; tests (and any page without the
 * connectors) can set it directly with setWallet().
 */
import { BrowserProvider, getAddress } from "ethers";
import { addChainParameter, chainName, requireChainConfig, type ChainConfig } from "./config";
import { ChainError, humanError } from "./errors";

/** EIP-1193: what every wallet (MetaMask, WalletConnect, an injected test provider) answers. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: any[]) => void): unknown;
  removeListener?(event: string, listener: (...args: any[]) => void): unknown;
}

export type WalletKind = "browser" | "walletconnect" | "injected";

export interface WalletSnapshot {
  provider: Eip1193Provider | null;
  account: string | null;
  chainId: number | null;
  kind: WalletKind | null;
}

const EMPTY: WalletSnapshot = { provider: null, account: null, chainId: null, kind: null };
let snapshot: WalletSnapshot = EMPTY;
const listeners = new Set<() => void>();
let detach: (() => void) | null = null;

export const getWallet = (): WalletSnapshot => snapshot;

export function subscribeWallet(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function emit() {
  for (const notify of [...listeners]) notify();
}

/** Replaces the current wallet (null: disconnected). Listens to the provider's chainChanged/accountsChanged. */
export function setWallet(next: Partial<WalletSnapshot> | null) {
  const merged: WalletSnapshot = next ? { ...EMPTY, ...next, kind: next.kind ?? (next.provider ? "injected" : null) } : EMPTY;
  merged.account = merged.account ? getAddress(merged.account) : null;
  if (
    merged.provider === snapshot.provider &&
    merged.account === snapshot.account &&
    merged.chainId === snapshot.chainId &&
    merged.kind === snapshot.kind
  )
    return;
  if (merged.provider !== snapshot.provider) {
    detach?.();
    detach = merged.provider ? listen(merged.provider) : null;
  }
  snapshot = merged;
  emit();
}

function listen(provider: Eip1193Provider) {
  if (!provider.on || !provider.removeListener) return null;
  const onChain = (chainId: string | number) => {
    if (snapshot.provider === provider) {
      snapshot = { ...snapshot, chainId: Number(chainId) };
      emit();
    }
  };
  const onAccounts = (accounts: string[]) => {
    if (snapshot.provider === provider) {
      snapshot = { ...snapshot, account: accounts?.[0] ? getAddress(accounts[0]) : null };
      emit();
    }
  };
  provider.on("chainChanged", onChain);
  provider.on("accountsChanged", onAccounts);
  return () => {
    provider.removeListener?.("chainChanged", onChain);
    provider.removeListener?.("accountsChanged", onAccounts);
  };
}

// ----- ethers over the wallet -----

let browser: { provider: Eip1193Provider; chainId: number | null; value: BrowserProvider } | null = null;

/**
 * An ethers 6 BrowserProvider over an EIP-1193 provider. A BrowserProvider is
 * pinned to the network it first saw (ethers #4506), so a new one is built
 * whenever the provider or its chain changes.
 */
export function browserProviderFor(provider: Eip1193Provider, chainId: number | null): BrowserProvider {
  if (!browser || browser.provider !== provider || browser.chainId !== chainId) {
    // The previous one is dropped, not destroyed: a screen may still hold it until it re-renders.
    browser = { provider, chainId, value: new BrowserProvider(provider, chainId ?? undefined) };
  }
  return browser.value;
}

/** The current wallet's BrowserProvider, or null when none is connected. */
export function getBrowserProvider(): BrowserProvider | null {
  const { provider, chainId } = snapshot;
  return provider ? browserProviderFor(provider, chainId) : null;
}

// ----- the right chain -----

const codeOf = (e: unknown): unknown => {
  const err = e as { code?: unknown; data?: { originalError?: { code?: unknown } }; error?: { code?: unknown } };
  return err?.data?.originalError?.code ?? err?.error?.code ?? err?.code;
};

const readChainId = async (provider: Eip1193Provider) => Number(await provider.request({ method: "eth_chainId" }));

/**
 * Puts the wallet on the configured chain before a transaction: asks it to
 * switch (wallet_switchEthereumChain); when the wallet does not know the
 * chain (error 4902), asks it to add it (wallet_addEthereumChain), then
 * switches again if it has not. Resolves with the chain id; throws a
 * ChainError('wrong-chain' | 'rejected') when the wallet stays elsewhere.
 */
export async function ensureChain(provider?: Eip1193Provider | null, config?: ChainConfig): Promise<number> {
  const wallet = provider ?? snapshot.provider;
  if (!wallet) throw new ChainError("no-wallet", "Please connect your wallet");
  const target = config ?? (await requireChainConfig());
  const want = target.chainId;
  if ((await readChainId(wallet)) === want) return want;
  const hex = `0x${want.toString(16)}`;
  const name = chainName(want);
  try {
    await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hex }] });
  } catch (e) {
    const code = codeOf(e);
    if (code === 4902 || /unrecognized chain|not been added|unknown chain/i.test(String((e as Error)?.message))) {
      try {
        await wallet.request({ method: "wallet_addEthereumChain", params: [addChainParameter(target)] });
        if ((await readChainId(wallet)) !== want)
          await wallet.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hex }] });
      } catch (addError) {
        if (codeOf(addError) === 4001) throw new ChainError("rejected", `Add ${name} to the wallet to continue`, { cause: addError });
        throw new ChainError("wrong-chain", `The wallet could not add ${name}: ${humanError(addError)}`, { cause: addError });
      }
    } else if (code === 4001) {
      throw new ChainError("rejected", `Switch the wallet to ${name} (chain ${want}) to continue`, { cause: e });
    } else {
      throw new ChainError("wrong-chain", `The wallet could not switch to ${name} (chain ${want}): ${humanError(e)}`, { cause: e });
    }
  }
  const now = await readChainId(wallet);
  if (now !== want) throw new ChainError("wrong-chain", `The wallet is on chain ${now}; switch it to ${name} (chain ${want})`);
  if (snapshot.provider === wallet && snapshot.chainId !== now) {
    snapshot = { ...snapshot, chainId: now };
    emit();
  }
  return now;
}
