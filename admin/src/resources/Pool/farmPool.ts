/**
 * Adding a farm pool on chain: the pair of
 * the token with the stable coin (created through the wallet when there is
 * none), then Farm.add from the wallet. Every transaction goes through the
 * chain layer's sendTransaction (right chain, owner check, dry run with the
 * revert reason, receipt); the farm's owner is checked before the first one,
 * so a wallet that may not add pools sends nothing at all.
 *
 * When the farm is owned by a Safe, Farm.add is proposed to it instead (the
 * connected wallet must be one of its owners). The pool exists once the Safe
 * executes it, wherever that happens; Add then finds it on chain and saves
 * its record only, as it does for any pool already on chain.
 */
import { getAddress, ZeroAddress, type TransactionReceipt } from "ethers";
import {
  ChainError,
  interfaceOf,
  isSafeOwner,
  listSafeTransactions,
  proposeSafeTransaction,
  readMany,
  readOne,
  safeCalls,
  safeFrom,
  sameAddress,
  sendTransaction,
  type ChainConfig,
  type ConnectedWallet,
  type SafeOwner,
  type SafeSignResult,
} from "../../chain";
import type { FlowStep } from "../../chainForms/useChainFlow";
import { farmAddArgs, type CheckedPool } from "./poolForm";

export interface AddedPool {
  token: string;
  pid: number;
  pair: string;
  stable: string;
  /** Found on chain, not added now: it may have a record already. */
  found?: boolean;
}

/** The pid of the farm's PoolAdded event in a receipt. */
function poolAddedIn(receipt: TransactionReceipt, farm: string): number | null {
  const iface = interfaceOf("Farm");
  for (const log of receipt.logs) {
    if (!sameAddress(log.address, farm)) continue;
    const parsed = iface.parseLog({ topics: [...log.topics], data: log.data });
    if (parsed?.name === "PoolAdded") return Number(parsed.args.pid);
  }
  return null;
}

/** The farm's pool for `pair`, when it has one: its pid (the pools are few; one batched read of them all). */
async function poolOf(farm: string, pair: string, length: bigint): Promise<number | null> {
  const [exists] = await readMany([{ address: farm, contract: "Farm", fn: "poolExistence", args: [pair] }]);
  if (exists !== true) return null;
  const pools = await readMany(
    Array.from({ length: Number(length) }, (_, pid) => ({ address: farm, contract: "Farm" as const, fn: "poolInfo", args: [pid] })),
  );
  const pid = pools.findIndex((pool) => sameAddress((pool as { lpToken: string }).lpToken, pair));
  return pid < 0 ? null : pid;
}

/** The Safe that owns the farm, when the wallet is not its owner itself; refused unless the wallet is one of the Safe's owners. */
async function ownerSafe(owner: string, account: string): Promise<SafeOwner | null> {
  if (sameAddress(owner, account)) return null;
  const safe = safeFrom(owner, await readMany(safeCalls(owner)));
  if (!safe)
    throw new ChainError(
      "not-owner",
      `The connected wallet ${getAddress(account)} is not the owner of the farm contract (owner ${getAddress(owner)})`,
    );
  if (!isSafeOwner(safe, account))
    throw new ChainError(
      "not-owner",
      `The connected wallet ${getAddress(account)} is not an owner of the Safe ${safe.address} that owns the farm (owners ${safe.owners.join(", ")})`,
    );
  return safe;
}

/** Refuses a second proposal to add a pool for `pair` while one waits in the Safe's queue. */
async function refuseProposedTwice(safe: SafeOwner, farm: string, pair: string) {
  const farmInterface = interfaceOf("Farm");
  const waiting = (await listSafeTransactions({ safe: safe.address })).find((row) => {
    if ((row.status !== "pending" && row.status !== "executable") || !sameAddress(row.to, farm)) return false;
    try {
      const call = farmInterface.parseTransaction({ data: row.data });
      return call?.name === "add" && sameAddress(call.args[1] as string, pair);
    } catch {
      return false;
    }
  });
  if (waiting)
    throw new ChainError(
      "invalid-input",
      `Adding this pool is already proposed to the Safe (nonce ${waiting.nonce}, ${waiting.confirmationCount} of ${waiting.confirmationsRequired} signatures): once it is executed, Add saves its record`,
    );
}

/** What Add did: the pool is on chain (added now, or found there), or Farm.add was proposed to the Safe that owns the farm. */
export type PoolOutcome = { added: AddedPool } | { proposed: SafeSignResult };

export async function addFarmPool(
  checked: CheckedPool,
  wallet: ConnectedWallet,
  config: ChainConfig,
  onStep: (step: FlowStep, args?: Record<string, unknown>) => void,
): Promise<PoolOutcome> {
  const { farm, pairFactory, stable } = config.contracts;
  const getPair = { address: pairFactory, contract: "PairFactory" as const, fn: "getPair", args: [checked.token, stable] };
  const [owner, existing, length] = (await readMany([
    { address: farm, contract: "Farm", fn: "owner" },
    getPair,
    { address: farm, contract: "Farm", fn: "poolLength" },
  ])) as [string, string, bigint];
  const onChain = (pair: string, pid: number, found = false) => ({
    added: { token: checked.token, pid, pair: getAddress(pair), stable: getAddress(stable), found },
  });

  // Already on chain (added by the Safe since, or before a save that failed): only its record is left to save.
  const found = existing === ZeroAddress ? null : await poolOf(farm, existing, length);
  if (found !== null) return onChain(existing, found, true);
  const safe = await ownerSafe(owner, wallet.account);
  if (safe && existing !== ZeroAddress) await refuseProposedTwice(safe, farm, existing);

  let pair = existing;
  if (pair === ZeroAddress) {
    onStep("pair", { symbol: checked.symbol });
    const created = await sendTransaction({
      contract: "PairFactory",
      fn: "createPair",
      args: [checked.token, stable],
      wallet,
      onSubmitted: () => onStep("mining"),
    });
    pair = await readOne<string>(getPair, { blockTag: created.blockNumber, minBlock: created.blockNumber });
  }

  onStep("checking");
  const add = { contract: "Farm" as const, fn: "add", args: farmAddArgs(checked, pair), wallet };
  if (safe) return { proposed: await proposeSafeTransaction(add, safe, wallet) };
  const receipt = await sendTransaction({ ...add, onSubmitted: () => onStep("mining") });
  return onChain(pair, poolAddedIn(receipt, farm) ?? Number(length));
}
