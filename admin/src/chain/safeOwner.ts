/**
 * Contracts owned by a Safe multisig: recognising the Safe (it answers getThreshold, getOwners and nonce; an EOA or
 * another contract does not) from the answers of Multicall3 reads. Pure: reads.ts and safeTransactions.ts both use it.
 */
import { getAddress, type Interface } from "ethers";
import { safeInterface } from "@presale/abis";

/** A Safe as the chain has it now. */
export interface SafeOwner {
  address: string;
  owners: string[];
  threshold: number;
  nonce: number;
}

/** The Safe reads of `address`, each allowed to fail (an EOA answers nothing). */
export const safeCalls = (address: string): { address: string; iface: Interface; fn: string; allowFailure: boolean }[] =>
  (["getThreshold", "getOwners", "nonce"] as const).map((fn) => ({ address, iface: safeInterface, fn, allowFailure: true }));

/** safeCalls' answers → the Safe, or null when `address` is not one. */
export function safeFrom(address: string, values: readonly unknown[]): SafeOwner | null {
  const [threshold, owners, nonce] = values;
  if (typeof threshold !== "bigint" || typeof nonce !== "bigint" || (!Array.isArray(owners) && !isResultArray(owners))) return null;
  const list = Array.from(owners as ArrayLike<string>, (o) => getAddress(o));
  if (list.length === 0 || threshold === 0n) return null;
  return { address: getAddress(address), owners: list, threshold: Number(threshold), nonce: Number(nonce) };
}

// ethers decodes address[] as a Result (an Array subclass), but be lenient with array-likes from tests.
const isResultArray = (value: unknown) =>
  typeof value === "object" && value !== null && typeof (value as { length?: unknown }).length === "number";

/** Is `account` one of the Safe's owners? */
export const isSafeOwner = (safe: SafeOwner, account: string | null | undefined): boolean =>
  !!account && safe.owners.some((o) => o.toLowerCase() === account.toLowerCase());
