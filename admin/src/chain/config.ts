/**
 * The chain this deployment works on, as the gateway serves it publicly
 * (GraphQL `chainConfig`, null when the gateway runs with CHAIN=none): fetched
 * once per page load and shared by every caller.
 */
import { graphql } from "../gql";
import type { ChainConfigQuery } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";
import { KNOWN_CHAINS, type ContractKey, type NativeCurrency } from "@presale/abis";

export { chainName, explorerAddressUrl, explorerTxUrl, RPC_URLS } from "@presale/abis";

export type ChainContracts = Record<ContractKey, string>;

type ServedConfig = NonNullable<ChainConfigQuery["chainConfig"]>;

/**
 * The gateway's chain config: `explorerUrl` is the block explorer's base URL (no trailing slash; null on the local
 * chain), `walletConnectProjectId` the WalletConnect Cloud project id (WALLETCONNECT_PROJECT_ID; null when unset, and
 * left out by a config given with setChainConfig).
 */
export type ChainConfig = Omit<ServedConfig, "walletConnectProjectId"> & Partial<Pick<ServedConfig, "walletConnectProjectId">>;

export const CHAIN_CONFIG_QUERY = graphql(`
  query ChainConfig {
    chainConfig {
      chainId
      rpcUrl
      explorerUrl
      contracts {
        farm
        pairFactory
        presaleFactory
        staking
        token
        stable
        multicall3
      }
      walletConnectProjectId
    }
  }
`);

let pending: Promise<ChainConfig | null> | null = null;

/** The active chain config (one request per page load; a failed request is retried on the next call). */
export function getChainConfig(): Promise<ChainConfig | null> {
  if (!pending) {
    pending = graphqlRequest(CHAIN_CONFIG_QUERY).then(
      ({ chainConfig }) => (chainConfig ? { ...chainConfig, explorerUrl: chainConfig.explorerUrl?.replace(/\/$/, "") ?? null } : null),
      (err) => {
        pending = null;
        throw err;
      },
    );
  }
  return pending;
}

/** The active chain config, or a plain error when chain features are off (CHAIN=none). */
export async function requireChainConfig(): Promise<ChainConfig> {
  const config = await getChainConfig();
  if (!config) throw new Error("Chain features are turned off on this server (CHAIN=none)");
  return config;
}

/** Uses this config instead of asking the gateway (tests, or a page that already has it); null forgets it. */
export function setChainConfig(config: ChainConfig | null | undefined) {
  pending = config === undefined ? null : Promise.resolve(config);
}

/** Forgets the cached config, so the next call asks the gateway again. */
export const resetChainConfig = () => setChainConfig(undefined);

// ----- what a wallet needs to know about a chain to add it -----

/** EIP-3085 parameters for wallet_addEthereumChain. */
export interface AddEthereumChainParameter {
  chainId: string;
  chainName: string;
  nativeCurrency: NativeCurrency;
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

export function addChainParameter(config: Pick<ChainConfig, "chainId" | "rpcUrl" | "explorerUrl">): AddEthereumChainParameter {
  const known = KNOWN_CHAINS[config.chainId];
  return {
    chainId: `0x${config.chainId.toString(16)}`,
    chainName: known?.name ?? `Chain ${config.chainId}`,
    nativeCurrency: known?.nativeCurrency ?? { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: [config.rpcUrl],
    ...(config.explorerUrl ? { blockExplorerUrls: [config.explorerUrl] } : {}),
  };
}
