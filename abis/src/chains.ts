/** Chain config per chain id, and the active chain chosen by environment (resolveChainConfig). */
import { getAddress, getCreateAddress, isAddress, ZeroAddress } from "ethers";

export type ChainName = "local" | "bsc" | "bsc-testnet";
export const CHAIN_NAMES = ["local", "bsc", "bsc-testnet", "none"] as const;

/** The contracts the product talks to, by role. */
export const CONTRACT_KEYS = ["farm", "pairFactory", "presaleFactory", "staking", "token", "stable", "multicall3"] as const;
export type ContractKey = (typeof CONTRACT_KEYS)[number];
export type ContractAddresses = Record<ContractKey, string>;

/** The environment variable that overrides each contract address. */
export const ADDRESS_ENV: Record<ContractKey, string> = {
  farm: "FARM_ADDRESS",
  pairFactory: "PAIR_FACTORY_ADDRESS",
  presaleFactory: "PRESALE_FACTORY_ADDRESS",
  staking: "STAKING_ADDRESS",
  token: "TOKEN_ADDRESS",
  stable: "STABLE_ADDRESS",
  multicall3: "MULTICALL3_ADDRESS",
};

/** Multicall3 lives at this address on BSC, BSC testnet and most chains; the local chain gets it by anvil_setCode. */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11";
export const LOCAL_CHAIN_ID = 31337;
export const DEFAULT_LOCAL_PORT = 8545;

/** anvil's default (well-known, test-only) account 0, which deploys the local contracts. */
export const ANVIL_DEPLOYER = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** The public RPC table: chains 1, 56, 137, 97, 43113. */
export const RPC_URLS: Readonly<Record<number, string>> = {
  1: "https://ethereum-rpc.publicnode.com",
  56: "https://bsc-dataseed.binance.org",
  137: "https://polygon-rpc.com",
  97: "https://data-seed-prebsc-1-s1.binance.org:8545",
  43113: "https://api.avax-test.network/ext/bc/C/rpc",
};

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

/** Names and native currencies of the chains of the RPC table and the local chain: what a wallet needs to add one. */
export const KNOWN_CHAINS: Readonly<Record<number, { name: string; nativeCurrency: NativeCurrency }>> = {
  1: { name: "Ethereum", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 } },
  56: { name: "BNB Smart Chain", nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 } },
  97: { name: "BNB Smart Chain Testnet", nativeCurrency: { name: "Test BNB", symbol: "tBNB", decimals: 18 } },
  137: { name: "Polygon", nativeCurrency: { name: "POL", symbol: "POL", decimals: 18 } },
  43113: { name: "Avalanche Fuji", nativeCurrency: { name: "Avalanche", symbol: "AVAX", decimals: 18 } },
  31337: { name: "Local chain (anvil)", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 } },
};

/** A chain's name for messages ("chain 1234" when it is not one the product knows). */
export const chainName = (chainId: number) => KNOWN_CHAINS[chainId]?.name ?? `chain ${chainId}`;

export interface ChainInfo {
  chainId: number;
  name: string;
  rpcUrl: string;
  /** Block explorer base URL (no trailing slash); null for the local chain. */
  explorerUrl: string | null;
  nativeCurrency: NativeCurrency;
  contracts: ContractAddresses;
}

/** Order in which deployContracts creates the contracts from the deployer's first nonces (multicall3 is placed). */
export const LOCAL_DEPLOY_ORDER = ["stable", "token", "staking", "farm", "pairFactory", "presaleFactory"] as const;

/** Where a fresh anvil gets each contract when deployContracts runs from account 0 (deterministic CREATE addresses). */
export function predictedLocalAddresses(deployer: string = ANVIL_DEPLOYER): ContractAddresses {
  const out = { multicall3: MULTICALL3_ADDRESS } as ContractAddresses;
  LOCAL_DEPLOY_ORDER.forEach((key, nonce) => {
    out[key] = getCreateAddress({ from: deployer, nonce });
  });
  return out;
}

const bnb: NativeCurrency = { name: "BNB", symbol: "BNB", decimals: 18 };
const zeroContracts = (): ContractAddresses => ({
  farm: ZeroAddress,
  pairFactory: ZeroAddress,
  presaleFactory: ZeroAddress,
  staking: ZeroAddress,
  token: ZeroAddress,
  stable: ZeroAddress,
  multicall3: MULTICALL3_ADDRESS,
});

/** Per chain id: the product's chains. Project contract addresses on 56/97 are zero placeholders: set them by env. */
export const CHAINS: Readonly<Record<56 | 97 | 31337, ChainInfo>> = {
  56: {
    chainId: 56,
    name: "BNB Smart Chain",
    rpcUrl: RPC_URLS[56],
    explorerUrl: "https://bscscan.com",
    nativeCurrency: bnb,
    contracts: zeroContracts(),
  },
  97: {
    chainId: 97,
    name: "BNB Smart Chain Testnet",
    rpcUrl: RPC_URLS[97],
    explorerUrl: "https://testnet.bscscan.com",
    nativeCurrency: { name: "Test BNB", symbol: "tBNB", decimals: 18 },
    contracts: zeroContracts(),
  },
  31337: {
    chainId: LOCAL_CHAIN_ID,
    name: "Local chain (anvil)",
    rpcUrl: `http://127.0.0.1:${DEFAULT_LOCAL_PORT}`,
    explorerUrl: null,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    contracts: predictedLocalAddresses(),
  },
};

const CHAIN_ID_BY_NAME: Record<ChainName, 56 | 97 | 31337> = { local: 31337, bsc: 56, "bsc-testnet": 97 };

/** The active chain: a ChainInfo plus which CHAIN it is and, for the local chain, where anvil must listen. */
export interface ChainConfig extends ChainInfo {
  chain: ChainName;
  /** Set for CHAIN=local only: the product starts anvil on this port with this chain id. */
  local: { port: number; chainId: number } | null;
}

/** Every environment variable resolveChainConfig reads. */
export const CHAIN_ENV_VARS = [
  "CHAIN",
  "CHAIN_RPC_URL",
  "CHAIN_EXPLORER_URL",
  "LOCAL_CHAIN_PORT",
  "LOCAL_CHAIN_ID",
  ...Object.values(ADDRESS_ENV),
] as const;

export type ChainEnv = Partial<Record<string, string | undefined>>;

/** Thrown by resolveChainConfig with one line per bad environment value. */
export class ChainConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid chain configuration:\n  - ${problems.join("\n  - ")}`);
    this.name = "ChainConfigError";
  }
}

function value(env: ChainEnv, name: string): string | undefined {
  const envValue = env[name]?.trim();
  return envValue ? envValue : undefined;
}

function parseInteger(env: ChainEnv, name: string, min: number, max: number, problems: string[]): number | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  const parsed = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
    problems.push(`${name}: "${raw}" is not an integer between ${min} and ${max}`);
    return undefined;
  }
  return parsed;
}

function parseUrl(env: ChainEnv, name: string, protocols: string[], problems: string[]): string | undefined {
  const raw = value(env, name);
  if (raw === undefined) return undefined;
  try {
    const url = new URL(raw);
    if (!protocols.includes(url.protocol)) throw new Error("protocol");
    return raw.replace(/\/+$/, "");
  } catch {
    problems.push(`${name}: "${raw}" is not a ${protocols.map((p) => p.replace(":", "")).join(" or ")} URL`);
    return undefined;
  }
}

/**
 * The active chain from the environment: CHAIN=local (default) | bsc | bsc-testnet | none (returns null: no chain
 * features). CHAIN_RPC_URL, CHAIN_EXPLORER_URL and each <CONTRACT>_ADDRESS override the built-in values;
 * LOCAL_CHAIN_PORT (default 8545) and LOCAL_CHAIN_ID (default 31337) place the local anvil. Throws ChainConfigError
 * listing every bad value.
 */
export function resolveChainConfig(env: ChainEnv): ChainConfig | null {
  const problems: string[] = [];
  const chainRaw = (value(env, "CHAIN") ?? "local").toLowerCase();
  if (chainRaw === "none") return null;
  if (!(CHAIN_NAMES as readonly string[]).includes(chainRaw)) {
    throw new ChainConfigError([`CHAIN: "${value(env, "CHAIN")}" is not one of ${CHAIN_NAMES.join(", ")}`]);
  }
  const chain = chainRaw as ChainName;
  const base = CHAINS[CHAIN_ID_BY_NAME[chain]];

  let local: ChainConfig["local"] = null;
  let chainId = base.chainId;
  let rpcUrl = base.rpcUrl;
  if (chain === "local") {
    const port = parseInteger(env, "LOCAL_CHAIN_PORT", 1, 65535, problems) ?? DEFAULT_LOCAL_PORT;
    chainId = parseInteger(env, "LOCAL_CHAIN_ID", 1, 2 ** 32 - 1, problems) ?? LOCAL_CHAIN_ID;
    local = { port, chainId };
    rpcUrl = `http://127.0.0.1:${port}`;
  }
  rpcUrl = parseUrl(env, "CHAIN_RPC_URL", ["http:", "https:", "ws:", "wss:"], problems) ?? rpcUrl;
  const explorerUrl = parseUrl(env, "CHAIN_EXPLORER_URL", ["http:", "https:"], problems) ?? base.explorerUrl;

  const contracts = { ...base.contracts };
  for (const key of CONTRACT_KEYS) {
    const name = ADDRESS_ENV[key];
    const raw = value(env, name);
    if (raw === undefined) continue;
    if (/^0x[0-9a-fA-F]{40}$/.test(raw) && isAddress(raw)) contracts[key] = getAddress(raw);
    else problems.push(`${name}: "${raw}" is not a valid address (0x followed by 40 hex digits, with a correct checksum if mixed-case)`);
  }

  if (problems.length) throw new ChainConfigError(problems);
  return { ...base, chain, chainId, rpcUrl, explorerUrl, contracts, local };
}

/**
 * The local config after startLocalChain: its RPC URL and deployed addresses replace the predicted ones, except
 * values the environment overrides (CHAIN_RPC_URL, <CONTRACT>_ADDRESS), which still win.
 */
export function withLocalDeployment(
  config: ChainConfig,
  deployment: { rpcUrl: string; chainId: number; contracts: ContractAddresses },
  env: ChainEnv,
): ChainConfig {
  const contracts = { ...deployment.contracts };
  for (const key of CONTRACT_KEYS) if (value(env, ADDRESS_ENV[key]) !== undefined) contracts[key] = config.contracts[key];
  return {
    ...config,
    chainId: deployment.chainId,
    rpcUrl: value(env, "CHAIN_RPC_URL") !== undefined ? config.rpcUrl : deployment.rpcUrl,
    contracts,
  };
}

/** Lock days of a staking pool by pid: 6 → 5; 0, 7, 10 → 90; 1, 8 → 180; anything else 365. */
export function lockDaysForPid(pid: number | bigint | string | null | undefined): number {
  switch (Number(pid)) {
    case 6:
      return 5;
    case 0:
    case 7:
    case 10:
      return 90;
    case 1:
    case 8:
      return 180;
    default:
      return 365;
  }
}

/** Explorer links for the active chain (null on the local chain, or while no chain config is known). */
export function explorerAddressUrl(config: Pick<ChainInfo, "explorerUrl"> | null, address: string): string | null {
  return config?.explorerUrl ? `${config.explorerUrl}/address/${address}` : null;
}
export function explorerTxUrl(config: Pick<ChainInfo, "explorerUrl"> | null, txHash: string): string | null {
  return config?.explorerUrl ? `${config.explorerUrl}/tx/${txHash}` : null;
}

/** What the gateway serves publicly as GraphQL `chainConfig` (nothing about the local process). */
export interface PublicChainConfig {
  chainId: number;
  rpcUrl: string;
  explorerUrl: string | null;
  contracts: ContractAddresses;
}
export function publicChainConfig(config: ChainInfo): PublicChainConfig {
  return { chainId: config.chainId, rpcUrl: config.rpcUrl, explorerUrl: config.explorerUrl, contracts: { ...config.contracts } };
}
