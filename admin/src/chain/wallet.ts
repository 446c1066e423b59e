/**
 * What every wallet has in common, outside React: the EIP-1193 provider,
 * ethers over it, and putting it on the configured chain. Which wallet is
 * connected is web3-react's state only (connectors.ts, read by
 * WalletProvider's hooks and by sendTransaction through the connectors'
 * stores); nothing here remembers it.
 */
import { BrowserProvider } from "ethers";
import { addChainParameter, chainName, requireChainConfig, type ChainConfig } from "./config";
import { ChainError, humanError } from "./errors";

/** EIP-1193: what every wallet (MetaMask, WalletConnect, an injected test provider) answers. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: any[]) => void): unknown;
  removeListener?(event: string, listener: (...args: any[]) => void): unknown;
}

export type WalletKind = "browser" | "walletconnect";

/** A wallet to send from: its provider and the account it signs with. */
export interface ConnectedWallet {
  provider: Eip1193Provider;
  account: string;
}

// ----- ethers over the wallet -----

// Keyed by the provider so a dropped wallet takes its BrowserProvider with it.
const browserProviders = new WeakMap<Eip1193Provider, { chainId: number | null; value: BrowserProvider }>();

/**
 * An ethers 6 BrowserProvider over an EIP-1193 provider, the same object for
 * the same provider and chain. A BrowserProvider is pinned to the network it
 * first saw (ethers #4506), so a new one is built when the chain changes.
 */
export function browserProviderFor(provider: Eip1193Provider, chainId: number | null): BrowserProvider {
  const known = browserProviders.get(provider);
  if (known && known.chainId === chainId) return known.value;
  // The previous one is dropped, not destroyed: a screen may still hold it until it re-renders.
  const value = new BrowserProvider(provider, chainId ?? undefined);
  browserProviders.set(provider, { chainId, value });
  return value;
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
export async function ensureChain(wallet: Eip1193Provider | null, config?: ChainConfig): Promise<number> {
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
  // The wallet announces the switch itself (chainChanged), and its connector updates web3-react's state.
  return now;
}
