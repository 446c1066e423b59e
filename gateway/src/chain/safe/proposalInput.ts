import { isHexString } from "ethers";
import { ValidationError } from "../../errors";
import { addressArg } from "./safeReader";

/** The largest call data proposed (a whitelist of a few thousand rows fits); the column holds this much. */
export const MAX_DATA_HEX = 200_000;
const MAX_UINT256 = 2n ** 256n - 1n;

/** What proposeSafeTransaction receives, as GraphQL hands it over. */
export interface ProposalArgs {
  safe: string;
  to: string;
  data: string;
  value?: string | null;
  nonce?: number | null;
  signature: string;
}

export interface Proposal {
  safe: string;
  to: string;
  data: string;
  value: bigint;
  nonce: number | null;
  signature: string;
}

/** Checks a proposal's fields one by one; every problem is reported at once, as field errors (nothing is read or stored). */
export function checkProposal(args: ProposalArgs): Proposal {
  const errors: Record<string, string> = {};
  const attempt = <T>(field: string, read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      errors[field] = e instanceof ValidationError ? Object.values(e.fieldErrors)[0] : String(e);
      return undefined;
    }
  };
  const safe = attempt("safe", () => addressArg("safe", args.safe));
  const to = attempt("to", () => addressArg("to", args.to));
  const data = typeof args.data === "string" ? args.data.trim() : "";
  if (!isHexString(data) || data.length % 2 !== 0) errors.data = "data must be 0x-prefixed hex of whole bytes (0x for none)";
  else if (data.length > MAX_DATA_HEX) errors.data = `data may hold at most ${(MAX_DATA_HEX - 2) / 2} bytes`;
  let value = 0n;
  if (args.value !== undefined && args.value !== null && args.value !== "") {
    if (!/^\d{1,78}$/.test(String(args.value).trim()) || BigInt(String(args.value).trim()) > MAX_UINT256)
      errors.value = "value must be a whole number of wei, as decimal text";
    else value = BigInt(String(args.value).trim());
  }
  const nonce = args.nonce ?? null;
  if (nonce !== null && (!Number.isSafeInteger(nonce) || nonce < 0)) errors.nonce = "nonce must be a whole number, 0 or more";
  if (typeof args.signature !== "string" || !args.signature) errors.signature = "signature is required";
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { safe: safe!, to: to!, data: data.toLowerCase(), value, nonce, signature: args.signature.trim() };
}
