/**
 * Owner actions on a contract owned by a Safe: instead of sending the call, the connected owner signs it as a Safe
 * transaction (EIP-712, eth_signTypedData_v4) and the gateway stores the proposal; other owners confirm it, and any
 * owner executes it once it has enough signatures. Every step is checked before the wallet is asked anything: the
 * wallet is an owner, and the call succeeds from the Safe's address (a dry run).
 */
import { safeInterface, safeTx, safeTxArgs, safeTypedData } from "@presale/abis";
import { graphql } from "../gql";
import type { ProposeSafeTransactionMutation, SafeQueueQuery } from "../gql/graphql";
import { graphqlRequest } from "../providers/graphqlFetch";
import { requireChainConfig, type ChainConfig } from "./config";
import { interfaceOf, type ContractName } from "./contracts";
import { ChainError, humanError, toChainError } from "./errors";
import { dryRun, readMany, type ReadOptions } from "./reads";
import { isSafeOwner, safeCalls, safeFrom, type SafeOwner } from "./safeOwner";
import { requestTarget, walletAccount, type TransactionRequest } from "./transactions";
import { ensureChain, type Eip1193Provider } from "./wallet";

export type { SafeOwner } from "./safeOwner";

/** A wallet to sign with: a chain form's, or the one connected through web3-react (given by useChainAction). */
export interface SigningWallet {
  provider: Eip1193Provider;
  account?: string | null;
}

/** A stored proposal, as allSafeTransactions answers it. */
export type SafeTransactionRow = SafeQueueQuery["allSafeTransactions"][number];

/** What a proposal or a confirmation answers. */
export type SafeSignResult = ProposeSafeTransactionMutation["proposeSafeTransaction"];

const SAFE_INFO = graphql(`
  query SafeInfo($address: String!) {
    safeInfo(address: $address) {
      address
      owners
      threshold
      nonce
      nextNonce
    }
  }
`);
const PROPOSE = graphql(`
  mutation ProposeSafeTransaction($safe: String!, $to: String!, $data: String!, $value: String, $nonce: Int, $signature: String!) {
    proposeSafeTransaction(safe: $safe, to: $to, data: $data, value: $value, nonce: $nonce, signature: $signature) {
      safeTxHash
      status
      confirmationCount
      confirmationsRequired
    }
  }
`);
const CONFIRM = graphql(`
  mutation ConfirmSafeTransaction($safeTxHash: String!, $signature: String!) {
    confirmSafeTransaction(safeTxHash: $safeTxHash, signature: $signature) {
      safeTxHash
      status
      confirmationCount
      confirmationsRequired
    }
  }
`);
const QUEUE = graphql(`
  query SafeQueue($filter: SafeTransactionFilter, $perPage: Int) {
    allSafeTransactions(filter: $filter, page: 0, perPage: $perPage, sortField: "nonce", sortOrder: "DESC") {
      id
      safe
      safeTxHash
      to
      value
      data
      nonce
      proposer
      status
      confirmationCount
      confirmationsRequired
      confirmations {
        owner
        createdAt
      }
      signatures
      executedTxHash
      createdAt
    }
  }
`);

/**
 * The Safe that owns `contract` at `address`, or null when its owner is not a Safe (or cannot be read). An owner that
 * is `account` (the connected wallet) is no Safe: it is not asked the Safe's reads.
 */
export async function readOwnerSafe(
  contract: ContractName,
  address: string,
  options?: ReadOptions,
  account?: string | null,
): Promise<SafeOwner | null> {
  const [owner] = await readMany([{ address, contract, fn: "owner", allowFailure: true }], options);
  if (typeof owner !== "string" || (account && owner.toLowerCase() === account.toLowerCase())) return null;
  return safeFrom(owner, await readMany(safeCalls(owner), options));
}

/** Each address that is a Safe, with its owners, threshold and nonce (keyed in lower case): one call for all. */
export async function readSafes(addresses: readonly string[], options?: ReadOptions): Promise<Map<string, SafeOwner>> {
  const values = await readMany(addresses.flatMap(safeCalls), options);
  const out = new Map<string, SafeOwner>();
  addresses.forEach((address, i) => {
    const safe = safeFrom(address, values.slice(i * 3, i * 3 + 3));
    if (safe) out.set(address.toLowerCase(), safe);
  });
  return out;
}

/** Right chain, and the account, which must be one of the Safe's owners: nothing is signed or stored otherwise. */
async function ownerAccount(wallet: SigningWallet | null | undefined, safe: SafeOwner, config: ChainConfig): Promise<string> {
  if (!wallet) throw new ChainError("no-wallet", "Please connect your wallet");
  await ensureChain(wallet.provider, config);
  const from = await walletAccount(wallet.provider, wallet.account);
  if (!isSafeOwner(safe, from))
    throw new ChainError(
      "not-owner",
      `The connected wallet ${from} is not an owner of the Safe ${safe.address} (owners ${safe.owners.join(", ")})`,
    );
  return from;
}

/** The owner's eth_signTypedData_v4 signature of the SafeTx. */
async function signSafeTx(
  wallet: SigningWallet,
  from: string,
  config: ChainConfig,
  safe: string,
  fields: { to: string; data: string; value: bigint; nonce: number },
): Promise<string> {
  const typed = safeTypedData(config.chainId, safe, safeTx(fields));
  return (await wallet.provider.request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(typed)] })) as string;
}

/**
 * Proposes `req` to the Safe that owns its contract: dry run from the Safe, signature by the connected owner at the
 * Safe's next free nonce, then the gateway stores it. Throws a ChainError (not an owner, revert reason, rejected in the
 * wallet) or the gateway's error, in words.
 */
export async function proposeSafeTransaction(
  req: TransactionRequest,
  safe: SafeOwner,
  wallet?: SigningWallet | null,
): Promise<SafeSignResult> {
  const config = await requireChainConfig();
  const to = requestTarget(req, config);
  let data: string;
  try {
    data = interfaceOf(req.contract).encodeFunctionData(req.fn, req.args ?? []);
  } catch (e) {
    throw new ChainError("invalid-input", humanError(e), { cause: e });
  }
  return proposeCall({ safe, to, data, value: req.value ?? 0n, wallet: req.wallet ?? wallet });
}

/** Proposes a call (`to`, `data`) at the next free nonce, or at `nonce` (an alternative: a rejection). */
export async function proposeCall(call: {
  safe: SafeOwner;
  to: string;
  data: string;
  value?: bigint;
  nonce?: number;
  wallet?: SigningWallet | null;
}): Promise<SafeSignResult> {
  const config = await requireChainConfig();
  const from = await ownerAccount(call.wallet, call.safe, config);
  const value = call.value ?? 0n;
  try {
    // The Safe makes the call: a revert (the sale's state, a bad value) is explained before anyone signs.
    await dryRun({ from: call.safe.address, to: call.to, data: call.data, value }, { config });
  } catch (e) {
    throw toChainError(e);
  }
  const nonce = call.nonce ?? (await graphqlRequest(SAFE_INFO, { address: call.safe.address })).safeInfo.nextNonce;
  let signature: string;
  try {
    signature = await signSafeTx(call.wallet!, from, config, call.safe.address, { to: call.to, data: call.data, value, nonce });
  } catch (e) {
    throw toChainError(e);
  }
  const answer = await graphqlRequest(PROPOSE, {
    safe: call.safe.address,
    to: call.to,
    data: call.data,
    value: value.toString(),
    nonce,
    signature,
  });
  return answer.proposeSafeTransaction;
}

/** Adds the connected owner's signature to a stored proposal. */
export async function confirmSafeTransaction(
  row: SafeTransactionRow,
  safe: SafeOwner,
  wallet?: SigningWallet | null,
): Promise<SafeSignResult> {
  const config = await requireChainConfig();
  const from = await ownerAccount(wallet, safe, config);
  if (row.confirmations.some((c) => c.owner.toLowerCase() === from.toLowerCase()))
    throw new ChainError("invalid-input", `${from} has already signed this transaction`);
  let signature: string;
  try {
    signature = await signSafeTx(wallet!, from, config, row.safe, {
      to: row.to,
      data: row.data,
      value: BigInt(row.value),
      nonce: row.nonce,
    });
  } catch (e) {
    throw toChainError(e);
  }
  const answer = await graphqlRequest(CONFIRM, { safeTxHash: row.safeTxHash, signature });
  return answer.confirmSafeTransaction;
}

/** Proposes the empty transaction (to the Safe itself, no data) at the same nonce: executing it replaces `row`. */
export function rejectSafeTransaction(row: SafeTransactionRow, safe: SafeOwner, wallet?: SigningWallet | null): Promise<SafeSignResult> {
  return proposeCall({ safe, to: row.safe, data: "0x", nonce: row.nonce, wallet });
}

/**
 * The request that executes a fully signed proposal from the connected owner's wallet (`execTransaction` with the
 * packed signatures), for sendTransaction / useChainAction: the same dry run from that wallet (an eth_call of the
 * execution, so a failure is explained before any gas is spent), receipt and history record as any owner action.
 */
export function executeRequest(row: SafeTransactionRow, safe: SafeOwner, wallet?: SigningWallet | null): TransactionRequest {
  if (row.status !== "executable") throw new ChainError("invalid-input", `This Safe transaction is ${row.status}, not ready to execute`);
  if (row.nonce !== safe.nonce)
    throw new ChainError(
      "invalid-input",
      `Only the Safe's next transaction (nonce ${safe.nonce}) can be executed; this one has nonce ${row.nonce}`,
    );
  const tx = safeTx({ to: row.to, data: row.data, value: BigInt(row.value), nonce: row.nonce });
  const data = safeInterface.encodeFunctionData("execTransaction", [...safeTxArgs(tx), row.signatures]);
  return { contract: "Presale", fn: "execTransaction", encoded: { to: row.safe, data }, ownerOnly: false, ...(wallet ? { wallet } : {}) };
}

/** The Safe transactions the gateway holds, newest nonce first (`safe` narrows to one Safe). */
export async function listSafeTransactions(filter: { safe?: string; status?: string } = {}, perPage = 50): Promise<SafeTransactionRow[]> {
  const data = await graphqlRequest(QUEUE, { filter, perPage });
  return data.allSafeTransactions;
}
