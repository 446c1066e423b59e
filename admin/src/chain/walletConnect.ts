/**
 * The WalletConnect v2 connector, in its own chunk: it (and the ~2 MB of
 * WalletConnect it brings) loads only when someone picks WalletConnect or a
 * saved WalletConnect session is restored.
 *
 * projectId: the gateway's WALLETCONNECT_PROJECT_ID (served with chainConfig),
 * else VITE_WALLETCONNECT_PROJECT_ID at build time (a WalletConnect Cloud project id). rpcMap: BSC (56) and BSC testnet (97) on their public
 * RPCs, and the active chain on the gateway's rpcUrl; the active chain is the
 * required (default) chain, 56/97 are optional.
 */
import type { Actions } from "@web3-react/types";
import { WalletConnect } from "@web3-react/walletconnect-v2";
import type { ChainConfig } from "./config";
import { walletConnectOptions } from "./walletConnectOptions";
import { ChainError } from "./errors";

export const walletConnectProjectId = (config?: ChainConfig): string | undefined =>
  config?.walletConnectProjectId || import.meta.env.VITE_WALLETCONNECT_PROJECT_ID || undefined;

export function createWalletConnect(actions: Actions, config: ChainConfig, onError?: (error: Error) => void) {
  const projectId = walletConnectProjectId(config);
  if (!projectId) throw new ChainError("no-wallet", "WalletConnect is not set up on this server (WALLETCONNECT_PROJECT_ID)");
  return new WalletConnect({ actions, defaultChainId: config.chainId, options: walletConnectOptions(config, projectId), onError });
}

/** Forgets every stored WalletConnect session (a stale one can make connect() hang). */
export async function clearWalletConnectStorage() {
  for (const key of Object.keys(localStorage)) if (key.startsWith("wc@2") || key.startsWith("WCM_")) localStorage.removeItem(key);
  try {
    await new Promise<void>((resolve) => {
      const req = indexedDB.deleteDatabase("WALLET_CONNECT_V2_INDEXED_DB");
      req.onsuccess = req.onerror = req.onblocked = () => resolve();
    });
  } catch {
    // no IndexedDB
  }
}
