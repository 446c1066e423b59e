/**
 * Reads through the app's own JSON-RPC provider (never the wallet's: MetaMask
 * can answer stale data right after a transaction), batched through
 * Multicall3's aggregate3: any number of view calls cost one eth_call.
 */
import { getAddress, Interface, JsonRpcProvider, type BlockTag, type InterfaceAbi, type Result } from "ethers";
import { requireChainConfig, type ChainConfig } from "./config";
import { interfaceOf, type ContractName } from "./contracts";
import { ChainError, decodeRevertData } from "./errors";
import { safeCalls, safeFrom, type SafeOwner } from "./safeOwner";

// ----- the read-only provider -----

const providers = new Map<string, JsonRpcProvider>();

/** A read-only provider on the config's RPC: fixed network (no eth_chainId probe), no response cache. */
export function readProviderFor(config: Pick<ChainConfig, "rpcUrl" | "chainId">): JsonRpcProvider {
  const key = `${config.chainId}@${config.rpcUrl}`;
  let provider = providers.get(key);
  if (!provider) {
    provider = new JsonRpcProvider(config.rpcUrl, config.chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 1000 });
    providers.set(key, provider);
  }
  return provider;
}

/** The read-only provider of the active chain. */
export async function getReadProvider(): Promise<JsonRpcProvider> {
  return readProviderFor(await requireChainConfig());
}

/** Closes every read provider (tests; a page that leaves the chain screens). */
export function closeReadProviders() {
  for (const provider of providers.values()) provider.destroy();
  providers.clear();
}

// ----- one call, many reads -----

export interface ReadCall {
  /** The contract to call. */
  address: string;
  /** Its ABI: one of the product's contracts by name, or an ABI, or an Interface. */
  contract?: ContractName;
  abi?: InterfaceAbi;
  iface?: Interface;
  fn: string;
  args?: readonly unknown[];
  /** When this call fails, answer undefined instead of failing the whole read. */
  allowFailure?: boolean;
}

export interface ReadOptions {
  /** Read at this block (a receipt's blockNumber, or 'latest'). */
  blockTag?: BlockTag;
  /** Read at 'latest' once the node has reached at least this block (a receipt's blockNumber): "at or after". */
  minBlock?: number;
  /** How long to wait for minBlock (default 30 s). */
  minBlockTimeoutMs?: number;
  /** Use this provider and config instead of the active chain's. */
  provider?: JsonRpcProvider;
  config?: ChainConfig;
}

const ifaceOf = (call: ReadCall): Interface =>
  call.iface ?? (call.contract ? interfaceOf(call.contract) : call.abi ? new Interface(call.abi) : fail(`No ABI for ${call.fn}`));

function fail(message: string): never {
  throw new ChainError("invalid-input", message);
}

/** One output → that value; several → the ethers Result (indexable by position and by name). */
const unwrap = (result: Result): unknown => (result.length === 1 ? result[0] : result);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForBlock(provider: JsonRpcProvider, block: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await provider.getBlockNumber()) < block) {
    if (Date.now() > deadline) throw new ChainError("network", `The chain node has not reached block ${block} yet; try again`);
    await sleep(500);
  }
}

async function context(options: ReadOptions) {
  const config = options.config ?? (await requireChainConfig());
  const provider = options.provider ?? readProviderFor(config);
  if (options.minBlock !== undefined) await waitForBlock(provider, options.minBlock, options.minBlockTimeoutMs ?? 30_000);
  return { config, provider, blockTag: options.blockTag ?? "latest" };
}

/**
 * Runs every call in one eth_call to Multicall3.aggregate3 and decodes each
 * answer with its ABI, in order. A failing call throws (with its revert
 * reason) unless it allows failure, in which case its answer is undefined.
 */
export async function readMany(calls: readonly ReadCall[], options: ReadOptions = {}): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const prepared = calls.map((call) => {
    const iface = ifaceOf(call);
    return { call, iface, target: getAddress(call.address), data: iface.encodeFunctionData(call.fn, call.args ?? []) };
  });
  const { config, provider, blockTag } = await context(options);
  const multicall = interfaceOf("Multicall3");
  const raw = await provider.call({
    to: config.contracts.multicall3,
    data: multicall.encodeFunctionData("aggregate3", [prepared.map((p) => ({ target: p.target, allowFailure: true, callData: p.data }))]),
    blockTag,
  });
  if (raw === "0x") throw new ChainError("network", `No Multicall3 contract at ${config.contracts.multicall3} on chain ${config.chainId}`);
  const [results] = multicall.decodeFunctionResult("aggregate3", raw) as unknown as [{ success: boolean; returnData: string }[]];
  return prepared.map(({ call, iface, target }, i) => {
    const { success, returnData } = results[i];
    let reason: string | undefined;
    if (success && returnData !== "0x") {
      try {
        return unwrap(iface.decodeFunctionResult(call.fn, returnData));
      } catch {
        reason = "its answer does not decode";
      }
    } else reason = success ? `no contract at ${target}` : (decodeRevertData(returnData, [iface]) ?? "reverted");
    if (call.allowFailure) return undefined;
    throw new ChainError("revert", `Reading ${call.fn} from ${target} failed: ${reason}`, { reason });
  });
}

/**
 * Runs a call as `from` would send it (eth_call, then eth_estimateGas) on the app's own node and resolves with the gas
 * estimate; a revert throws (the caller turns it into words). A Safe proposal's dry run runs it from the Safe's address.
 */
export async function dryRun(tx: { from: string; to: string; data: string; value?: bigint }, options: ReadOptions = {}): Promise<bigint> {
  const { provider } = await context(options);
  await provider.call(tx);
  return provider.estimateGas(tx);
}

/** One view call (still through readMany, so it honours blockTag/minBlock). */
export async function readOne<T = unknown>(call: ReadCall, options?: ReadOptions): Promise<T> {
  const [value] = await readMany([call], options);
  return value as T;
}

// ----- tokens -----

export interface TokenInfo {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: bigint;
  /** balanceOf(holder), when a holder was given. */
  balance?: bigint;
}

const tokenCalls = (address: string, holder?: string): ReadCall[] => [
  { address, contract: "IERC20", fn: "name", allowFailure: true },
  { address, contract: "IERC20", fn: "symbol", allowFailure: true },
  { address, contract: "IERC20", fn: "decimals", allowFailure: true },
  { address, contract: "IERC20", fn: "totalSupply", allowFailure: true },
  ...(holder ? [{ address, contract: "IERC20" as const, fn: "balanceOf", args: [holder], allowFailure: true }] : []),
];

function tokenFrom(address: string, values: unknown[], holder?: string): TokenInfo {
  const [name, symbol, decimals, totalSupply, balance] = values;
  if (typeof symbol !== "string" || decimals === undefined || totalSupply === undefined)
    throw new ChainError("invalid-input", `No ERC-20 token at ${address}`);
  return {
    address: getAddress(address),
    name: typeof name === "string" ? name : symbol,
    symbol,
    decimals: Number(decimals),
    totalSupply: totalSupply as bigint,
    ...(holder ? { balance: (balance as bigint | undefined) ?? 0n } : {}),
  };
}

/** An ERC-20's name, symbol, decimals, total supply and, with a holder, its balance: one call. */
export async function readToken(address: string, holder?: string, options?: ReadOptions): Promise<TokenInfo> {
  if (!getAddressOrNull(address)) throw new ChainError("invalid-input", "Invalid Address!");
  return tokenFrom(address, await readMany(tokenCalls(address, holder), options), holder);
}

const getAddressOrNull = (a: string) => {
  try {
    return getAddress(a);
  } catch {
    return null;
  }
};

/** isBlacklisted(address) on the sale token for each address: one call. */
export async function readBlacklisted(addresses: readonly string[], options: ReadOptions & { token?: string } = {}) {
  const token = options.token ?? (options.config ?? (await requireChainConfig())).contracts.token;
  const values = await readMany(
    addresses.map((a) => ({ address: token, contract: "SaleToken" as const, fn: "isBlacklisted", args: [a], allowFailure: true })),
    options,
  );
  return new Map(addresses.map((a, i) => [getAddress(a), values[i] as boolean | undefined]));
}

// ----- presales -----

/** The presale's values read on chain, plus what the ManageSale screen shows around them. bigint throughout. */
export interface PresaleState {
  address: string;
  /** The block these values were read at. */
  blockNumber: number;
  /** tokenAddress() */
  tokenAddress: string;
  /** Staker() */
  staker: string;
  /** tokenRatePerEth(): token base units per 1 BNB (1e18 wei). */
  tokenRatePerEth: bigint;
  /** tokenRatePercrypto(): token base units per 1 BUSD (1e18). */
  tokenRatePercrypto: bigint;
  /** ethEarned(), busdEarned(): raised, 18 decimals. */
  ethEarned: bigint;
  busdEarned: bigint;
  /** isWhitelist() */
  isWhitelist: boolean;
  /** minEthLimit(), maxEthLimit(), BUSDminEthLimit(), BUSDmaxEthLimit(), hardCap(), BUSDhardCap(): 18 decimals. */
  minEthLimit: bigint;
  maxEthLimit: bigint;
  busdMinEthLimit: bigint;
  busdMaxEthLimit: bigint;
  hardCap: bigint;
  busdHardCap: bigint;
  /** intervalDays(): the sale's length in SECONDS (shown in days: / 86400). */
  intervalSeconds: bigint;
  owner: string;
  isPresaleOpen: boolean;
  currentPoolId: bigint;
  /** iscrypto(): BUSD purchases enabled. */
  iscrypto: boolean;
  isClaimable: boolean;
  startTime: bigint;
  endTime: bigint;
  tokensSold: bigint;
  tokensOwed: bigint;
  /** availableTokens(): deposited tokens not yet sold. */
  availableTokens: bigint;
  /** BUSD(): the stable coin the sale accepts. */
  busd: string;
  /** The presale contract's BNB balance (what withdrawBNB would send). */
  bnbBalance: bigint;
  /** The sold token, with balance = the presale's token balance (Start Sale needs it above zero). */
  token: TokenInfo & { balance: bigint };
  /** The Safe that owns the presale (its owners and threshold), null when the owner is not a Safe, undefined when not read. */
  ownerSafe?: SafeOwner | null;
}

const PRESALE_FIELDS = [
  ["tokenAddress", "tokenAddress"],
  ["staker", "Staker"],
  ["tokenRatePerEth", "tokenRatePerEth"],
  ["tokenRatePercrypto", "tokenRatePercrypto"],
  ["ethEarned", "ethEarned"],
  ["busdEarned", "busdEarned"],
  ["isWhitelist", "isWhitelist"],
  ["minEthLimit", "minEthLimit"],
  ["maxEthLimit", "maxEthLimit"],
  ["busdMinEthLimit", "BUSDminEthLimit"],
  ["busdMaxEthLimit", "BUSDmaxEthLimit"],
  ["hardCap", "hardCap"],
  ["busdHardCap", "BUSDhardCap"],
  ["intervalSeconds", "intervalDays"],
  ["owner", "owner"],
  ["isPresaleOpen", "isPresaleOpen"],
  ["currentPoolId", "currentPoolId"],
  ["iscrypto", "iscrypto"],
  ["isClaimable", "isClaimable"],
  ["startTime", "startTime"],
  ["endTime", "endTime"],
  ["tokensSold", "tokensSold"],
  ["tokensOwed", "tokensOwed"],
  ["availableTokens", "availableTokens"],
  ["busd", "BUSD"],
] as const;

/**
 * Every value of a presale in one eth_call. `tokenHint` (the launchpad
 * record's TokenAddress) lets the token's name, symbol, decimals and the
 * presale's token balance come in the same call; when the hint is missing or
 * no longer the presale's token, a second call reads them at the same block.
 * `ownerHint` (the owner last read) does the same for the owner's Safe reads:
 * `ownerSafe` is then the Safe (or null for an EOA); without it, or when the
 * owner changed, `ownerSafe` is undefined (not read: see readSafes).
 */
export async function readPresale(
  address: string,
  options: ReadOptions & { tokenHint?: string; ownerHint?: string } = {},
): Promise<PresaleState> {
  const presale = getAddressOrNull(address);
  if (!presale) throw new ChainError("invalid-input", `Invalid presale address ${address}`);
  const ctx = await context(options);
  const opts = { ...options, minBlock: undefined, provider: ctx.provider, config: ctx.config };
  const multicall = ctx.config.contracts.multicall3;
  const hint = options.tokenHint ? getAddressOrNull(options.tokenHint) : null;
  const ownerHint = options.ownerHint ? getAddressOrNull(options.ownerHint) : null;
  const calls: ReadCall[] = [
    ...PRESALE_FIELDS.map(([, fn]) => ({ address: presale, contract: "Presale" as const, fn })),
    { address: multicall, contract: "Multicall3", fn: "getEthBalance", args: [presale] },
    { address: multicall, contract: "Multicall3", fn: "getBlockNumber" },
    ...(hint ? tokenCalls(hint, presale) : []),
    // Last, so the token's answers keep their place.
    ...(ownerHint ? safeCalls(ownerHint) : []),
  ];
  let values: unknown[];
  try {
    values = await readMany(calls, opts);
  } catch (e) {
    if (e instanceof ChainError && e.kind === "revert")
      throw new ChainError("invalid-input", `No presale contract at ${presale}`, { cause: e });
    throw e;
  }
  const state = Object.fromEntries(PRESALE_FIELDS.map(([key], i) => [key, values[i]])) as Record<string, unknown>;
  const fieldCount = PRESALE_FIELDS.length;
  const bnbBalance = values[fieldCount] as bigint;
  const blockNumber = Number(values[fieldCount + 1]);
  const tokenAddress = getAddress(state.tokenAddress as string);
  const token =
    hint && hint === tokenAddress
      ? tokenFrom(hint, values.slice(fieldCount + 2), presale)
      : await readToken(tokenAddress, presale, { ...opts, blockTag: blockNumber });
  const owner = getAddress(state.owner as string);
  // The Safe reads of the hinted owner came in the same call: they tell whether it is a Safe, and its owners.
  const ownerSafe = ownerHint && ownerHint === owner ? safeFrom(owner, values.slice(values.length - 3)) : undefined;
  return {
    ...(state as unknown as Omit<PresaleState, "address" | "blockNumber" | "bnbBalance" | "token">),
    address: presale,
    tokenAddress,
    staker: getAddress(state.staker as string),
    owner,
    ownerSafe,
    busd: getAddress(state.busd as string),
    blockNumber,
    bnbBalance,
    token: token as TokenInfo & { balance: bigint },
  };
}
