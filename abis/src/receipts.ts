import type { BaseContract, Provider, TransactionReceipt, TransactionResponse } from "ethers";

/**
 * Waiting for a transaction by polling for its receipt. ethers' own wait() (and waitForTransaction,
 * waitForDeployment) looks once, then listens for the blocks after the first one its poller sees: a
 * block mined between the two is never looked at, and on a chain that mines only when sent a
 * transaction (anvil) nothing comes after it, so the wait never ends (ethers-io/ethers.js#4224;
 * seen here under load). Asking for the receipt until it is there has no such gap.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The receipt of `hash` once mined, or null after `timeoutMs`. */
export async function receiptWithin(
  provider: Provider,
  hash: string,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<TransactionReceipt | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt || Date.now() > deadline) return receipt;
    await sleep(intervalMs);
  }
}

/** The mined receipt of a sent transaction, as wait() gives it: a reverted one or none in time throws. */
export async function mined(sent: TransactionResponse | Promise<TransactionResponse>, timeoutMs = 60_000): Promise<TransactionReceipt> {
  const tx = await sent;
  const receipt = await receiptWithin(tx.provider, tx.hash, timeoutMs);
  if (!receipt) throw new Error(`Transaction ${tx.hash} is not mined after ${Math.round(timeoutMs / 1000)} s`);
  if (receipt.status === 0) throw new Error(`Transaction ${tx.hash} reverted`);
  return receipt;
}

/** A contract whose deployment is mined (waitForDeployment without its gap). */
export async function deployed<C extends BaseContract>(contract: C, timeoutMs = 60_000): Promise<C> {
  const tx = contract.deploymentTransaction();
  if (tx) await mined(tx, timeoutMs);
  return contract;
}
