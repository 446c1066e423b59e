/**
 * The options given to WalletConnect v2, apart from its connector: the lazy
 * WalletConnect chunk and the tests read them without loading each other.
 */
import { RPC_URLS } from "@presale/abis";
import type { ChainConfig } from "./config";

/**
 * WalletConnect v2 options: the active chain is the required (default)
 * chain (web3-react #845/#859: the default chain must be inside `chains`);
 * BSC 56 and BSC testnet 97 are optional; rpcMap serves 56 and 97 from their
 * public RPCs (WalletConnect's own RPC does not serve BSC) and the active chain
 * from the gateway's rpcUrl.
 */
export function walletConnectOptions(config: ChainConfig, projectId: string) {
  const optionalChains = [56, 97].filter((id) => id !== config.chainId);
  return {
    projectId,
    chains: [config.chainId] as [number],
    optionalChains,
    showQrModal: true,
    rpcMap: { 56: RPC_URLS[56], 97: RPC_URLS[97], [config.chainId]: config.rpcUrl },
    metadata: {
      name: "Presale Admin",
      description: "Launchpad and presale back-office",
      url: typeof window !== "undefined" ? window.location.origin : "http://localhost",
      icons: [],
    },
  };
}
