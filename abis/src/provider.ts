/** A read provider for the active chain. */
import { JsonRpcProvider, WebSocketProvider, type Provider } from "ethers";

/**
 * A provider on `rpcUrl` pinned to `chainId` (no network probing), with ethers' 250 ms request cache turned off so
 * that a read right after a mined transaction sees it. JSON-RPC requests made in the same tick go out as one batch.
 */
export function createChainProvider(config: { rpcUrl: string; chainId: number }): JsonRpcProvider | WebSocketProvider {
  const options = { staticNetwork: true, cacheTimeout: -1, pollingInterval: 1000 } as const;
  if (/^wss?:/i.test(config.rpcUrl)) return new WebSocketProvider(config.rpcUrl, config.chainId, options);
  return new JsonRpcProvider(config.rpcUrl, config.chainId, options);
}

export type { Provider };
