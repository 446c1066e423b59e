import { safeContract } from "@presale/abis";
import { getAddress, isAddress, type Provider } from "ethers";
import { ValidationError } from "../../errors";

/** A Safe as the chain has it now: what signatures are checked against and what decides a proposal's status. */
export interface SafeState {
  address: string;
  owners: string[];
  threshold: number;
  nonce: number;
}

/** A field's address, checksummed, or a field error naming it. */
export function addressArg(field: string, raw: unknown): string {
  if (typeof raw !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(raw.trim()) || !isAddress(raw.trim()))
    throw new ValidationError({ [field]: `${field} must be an address (0x followed by 40 hex digits, checksummed if mixed-case)` });
  return getAddress(raw.trim());
}

/**
 * Reads a Safe's owners, threshold and nonce at one block. An address without code, or whose code does not answer
 * as a Safe, is refused as a field error: the caller named the wrong address.
 */
export async function readSafe(provider: Provider, address: string, chainId: number, field = "safe"): Promise<SafeState> {
  const safe = safeContract(address, provider);
  const blockTag = await provider.getBlockNumber();
  const notASafe = () => new ValidationError({ [field]: `${address} is not a Safe on chain ${chainId} (no Safe contract answers there)` });
  if ((await provider.getCode(address, blockTag)) === "0x") throw notASafe();
  try {
    const [owners, threshold, nonce] = await Promise.all([
      safe.getOwners({ blockTag }) as Promise<string[]>,
      safe.getThreshold({ blockTag }) as Promise<bigint>,
      safe.nonce({ blockTag }) as Promise<bigint>,
    ]);
    if (!owners.length || threshold < 1n) throw notASafe();
    return { address, owners: owners.map((owner) => getAddress(owner)), threshold: Number(threshold), nonce: Number(nonce) };
  } catch (e) {
    if (e instanceof ValidationError) throw e;
    throw notASafe();
  }
}
