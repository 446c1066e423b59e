/**
 * Writes through the connected wallet, with every check made before the
 * wallet is asked to sign: right chain, right account (owner-only calls),
 * and a dry run that surfaces the contract's revert reason in plain words.
 * Once mined, the gateway records the transaction in the history.
 */
import { getAddress, type TransactionReceipt } from "ethers";
import { graphql } from "../gql";
import type { RecordChainTransactionMutation } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";
import { requireChainConfig, type ChainConfig } from "./config";
import { CONFIG_KEY_OF, CONTRACT_LABEL, interfaceOf, isOwnerOnly, type ContractName } from "./contracts";
import { ChainError, humanError, toChainError } from "./errors";
import { readOne, readProviderFor } from "./reads";
import { getConnectors } from "./connectors";
import { browserProviderFor, ensureChain, type Eip1193Provider } from "./wallet";

export { humanError } from "./errors";

export interface TransactionRequest {
  contract: ContractName;
  /** The contract's address; optional for the configured contracts (factory, farm, token, …). */
  address?: string;
  fn: string;
  args?: readonly unknown[];
  /**
   * A call already encoded (a Safe's execTransaction): sent to `to` with `data` as is; `contract` and `fn` only name
   * it. Never owner-checked (the Safe checks its signatures itself).
   */
  encoded?: { to: string; data: string };
  /** BNB sent with the call (wei). */
  value?: bigint;
  /** Check the wallet is owner() first; default: from the OWNER_ONLY table. */
  ownerOnly?: boolean;
  /** Record the mined transaction in the gateway's history (default true). */
  record?: boolean;
  /** Send from this wallet (a chain form's, a test's) instead of the one connected through web3-react. */
  wallet?: { provider: Eip1193Provider; account?: string | null };
  /** Called once the wallet has sent the transaction. */
  onSubmitted?(hash: string): void;
  /** Called with the history entry, or the error, once the gateway has recorded it. */
  onRecorded?(entry: RecordedTransaction | null, error?: unknown): void;
  /** How long to wait for the receipt (default 5 minutes). */
  timeoutMs?: number;
}

/** What recordChainTransaction answers (type ChainTransaction). */
export type RecordedTransaction = RecordChainTransactionMutation["recordChainTransaction"];

export const RECORD_MUTATION = graphql(`
  mutation RecordChainTransaction($hash: String!) {
    recordChainTransaction(hash: $hash) {
      id
      hash
      status
      blockNumber
      contract
      functionName
      presaleAddress
    }
  }
`);

/** Adds a mined transaction to the gateway's history (the gateway reads and decodes it from the chain). */
export async function recordChainTransaction(hash: string): Promise<RecordedTransaction> {
  const data = await graphqlRequest(RECORD_MUTATION, { hash });
  return data.recordChainTransaction;
}

interface Prepared {
  config: ChainConfig;
  provider: Eip1193Provider;
  from: string;
  to: string;
  data: string;
  value: bigint;
  /** The dry run's gas estimate. */
  gas: bigint;
}

/** The contract a request calls (its address, or the configured one), checksummed. */
export function requestTarget(req: Pick<TransactionRequest, "contract" | "address" | "fn">, config: ChainConfig): string {
  const key = CONFIG_KEY_OF[req.contract];
  const address = req.address ?? (key ? config.contracts[key] : undefined);
  if (!address) throw new ChainError("invalid-input", `${req.contract}.${req.fn} needs the contract's address`);
  try {
    return getAddress(address);
  } catch {
    throw new ChainError("invalid-input", `Invalid ${req.contract} address ${address}`);
  }
}

/** The wallet's account: `wanted` when the wallet holds it, else its first. */
export async function walletAccount(provider: Eip1193Provider, wanted?: string | null): Promise<string> {
  const accounts = ((await provider.request({ method: "eth_accounts" })) as string[] | undefined) ?? [];
  if (accounts.length === 0) throw new ChainError("no-wallet", "Please connect your wallet");
  if (wanted && accounts.some((a) => a.toLowerCase() === wanted.toLowerCase())) return getAddress(wanted);
  return getAddress(accounts[0]);
}

/** (a) wallet on the right chain, (b) the owner check, (c) the dry run — everything before a signature. */
export async function prepareTransaction(req: TransactionRequest): Promise<Prepared> {
  const config = await requireChainConfig();
  // The wallet it is given, else the one web3-react has connected.
  const wallet = req.wallet ?? getConnectors().connected();
  if (!wallet) throw new ChainError("no-wallet", "Please connect your wallet");
  const { provider } = wallet;
  const to = req.encoded ? getAddress(req.encoded.to) : requestTarget(req, config);
  let data: string;
  try {
    data = req.encoded ? req.encoded.data : interfaceOf(req.contract).encodeFunctionData(req.fn, req.args ?? []);
  } catch (e) {
    throw new ChainError("invalid-input", humanError(e), { cause: e });
  }
  const value = req.value ?? 0n;

  await ensureChain(provider, config);
  const from = await walletAccount(provider, wallet.account);

  const read = readProviderFor(config);
  if (!req.encoded && (req.ownerOnly ?? isOwnerOnly(req.contract, req.fn))) {
    const owner = getAddress(await readOne<string>({ address: to, contract: req.contract, fn: "owner" }, { config, provider: read }));
    if (owner !== from)
      throw new ChainError(
        "not-owner",
        `The connected wallet ${from} is not the owner of ${CONTRACT_LABEL[req.contract]} (owner ${owner})`,
      );
  }

  const gas = await simulate(config, { from, to, data, value });
  return { config, provider, from, to, data, value, gas };
}

/** Runs the call as the wallet would (eth_call, then eth_estimateGas) and throws the revert reason in plain words. */
async function simulate(config: ChainConfig, tx: { from: string; to: string; data: string; value: bigint }): Promise<bigint> {
  const read = readProviderFor(config);
  try {
    await read.call(tx);
    return await read.estimateGas(tx);
  } catch (e) {
    throw toChainError(e);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls the app's own node (not the wallet's, which can lag) for the receipt. */
async function waitForReceipt(config: ChainConfig, hash: string, timeoutMs: number): Promise<TransactionReceipt> {
  const read = readProviderFor(config);
  const deadline = Date.now() + timeoutMs;
  for (let delay = 250; ; delay = Math.min(delay * 2, 3000)) {
    const receipt = await read.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new ChainError("network", `Transaction ${hash} is not mined after ${Math.round(timeoutMs / 1000)} s`);
    await sleep(delay);
  }
}

/**
 * Sends one contract call from the connected wallet and resolves with its
 * receipt once mined; re-read at or after `receipt.blockNumber`. Throws a
 * ChainError whose message is ready to show (not the owner, revert reason,
 * rejected in the wallet, …). The history record is best effort: its failure
 * is reported to onRecorded and logged, never thrown.
 */
export async function sendTransaction(req: TransactionRequest): Promise<TransactionReceipt> {
  let hash: string;
  let prepared: Prepared;
  try {
    prepared = await prepareTransaction(req);
    const signer = await browserProviderFor(prepared.provider, prepared.config.chainId).getSigner(prepared.from);
    // The hash is all we need from the wallet: the receipt comes from the app's own node.
    hash = await signer.sendUncheckedTransaction({
      from: prepared.from,
      to: prepared.to,
      data: prepared.data,
      value: prepared.value,
      gasLimit: prepared.gas + prepared.gas / 5n,
    });
  } catch (e) {
    throw toChainError(e);
  }
  req.onSubmitted?.(hash);
  const receipt = await waitForReceipt(prepared.config, hash, req.timeoutMs ?? 300_000).catch((e) => {
    throw toChainError(e);
  });
  if (req.record !== false) {
    try {
      const entry = await recordChainTransaction(hash);
      req.onRecorded?.(entry);
    } catch (e) {
      console.warn(`Transaction ${hash} was mined but the history did not record it:`, e);
      req.onRecorded?.(null, e);
    }
  }
  if (receipt.status !== 1) {
    throw new ChainError("revert", `The transaction was mined but reverted (${hash})`, { cause: receipt });
  }
  return receipt;
}
