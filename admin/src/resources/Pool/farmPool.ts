/**
 * Adding a farm pool on chain (SPEC section 4 'Adding a pool'): the pair of
 * the token with the stable coin (created through the wallet when there is
 * none), then Farm.add from the wallet. Every transaction goes through the
 * chain layer's sendTransaction (right chain, owner check, dry run with the
 * revert reason, receipt); the farm's owner is checked before the first one,
 * so a wallet that may not add pools sends nothing at all.
 */
import { getAddress, ZeroAddress, type TransactionReceipt } from "ethers";
import {
  ChainError,
  interfaceOf,
  readMany,
  readOne,
  sameAddress,
  sendTransaction,
  type ChainConfig,
  type ConnectedWallet,
} from "../../chain";
import type { FlowStep } from "../../chainForms/useChainFlow";
import { farmAddArgs, type CheckedPool } from "./poolForm";

export interface AddedPool {
  token: string;
  pid: number;
  pair: string;
  stable: string;
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

export async function addFarmPool(
  checked: CheckedPool,
  wallet: ConnectedWallet,
  config: ChainConfig,
  onStep: (step: FlowStep, args?: Record<string, unknown>) => void,
): Promise<AddedPool> {
  const { farm, pairFactory, stable } = config.contracts;
  const getPair = { address: pairFactory, contract: "PairFactory" as const, fn: "getPair", args: [checked.token, stable] };
  const [owner, existing, length] = (await readMany([
    { address: farm, contract: "Farm", fn: "owner" },
    getPair,
    { address: farm, contract: "Farm", fn: "poolLength" },
  ])) as [string, string, bigint];
  if (!sameAddress(owner, wallet.account)) {
    throw new ChainError(
      "not-owner",
      `The connected wallet ${getAddress(wallet.account)} is not the owner of the farm contract (owner ${getAddress(owner)})`,
    );
  }

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
  const receipt = await sendTransaction({
    contract: "Farm",
    fn: "add",
    args: farmAddArgs(checked, pair),
    wallet,
    onSubmitted: () => onStep("mining"),
  });
  return { token: checked.token, pid: poolAddedIn(receipt, farm) ?? Number(length), pair: getAddress(pair), stable: getAddress(stable) };
}
