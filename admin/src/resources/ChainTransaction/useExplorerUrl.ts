import { useEffect, useState } from "react";

/**
 * The block explorer's base URL from the gateway's chainConfig (null on the
 * local chain, or while it loads). The chain config module is loaded on
 * demand: this list must not pull the wallet layer into the admin shell.
 */
export function useExplorerUrl(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("../../chain/config")
      .then((m) => m.getChainConfig())
      .then((config) => live && setUrl(config?.explorerUrl ?? null))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, []);
  return url;
}

export const txUrl = (explorerUrl: string | null, hash: string) => (explorerUrl ? `${explorerUrl}/tx/${hash}` : null);
export const addressUrl = (explorerUrl: string | null, address: string) => (explorerUrl ? `${explorerUrl}/address/${address}` : null);
