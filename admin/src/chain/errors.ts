/**
 * Chain failures in plain words. Every error this folder throws is a
 * ChainError whose message can be shown as is; humanError() turns anything a
 * wallet, ethers or a node throws into such a short message.
 */
import { AbiCoder, type Interface } from "ethers";
import { allInterfaces } from "./contracts";

export type ChainErrorKind =
  | "no-config" // CHAIN=none
  | "no-wallet" // nothing connected
  | "wrong-chain" // the wallet could not be put on the configured chain
  | "not-owner" // owner-only call from another account
  | "revert" // the contract refused (simulation or mined)
  | "rejected" // the user said no in the wallet
  | "insufficient-funds"
  | "invalid-input" // an amount or address that does not parse
  | "network" // RPC or wallet unreachable
  | "unknown";

export class ChainError extends Error {
  readonly kind: ChainErrorKind;
  /** The contract's revert reason (or decoded custom error), when there is one. */
  readonly reason?: string;
  readonly cause?: unknown;
  constructor(kind: ChainErrorKind, message: string, extra: { reason?: string; cause?: unknown } = {}) {
    super(message);
    this.name = "ChainError";
    this.kind = kind;
    this.reason = extra.reason;
    this.cause = extra.cause;
  }
}

/** Revert reasons the screens word their own way (the original screens' words). */
export const REVERT_MESSAGES: Readonly<Record<string, string>> = {
  "Presale: deposit tokens first": "Deposit tokens first!!!",
  "Presale: close the sale first": "Ensure that sale is stop or Not",
  "Ownable: caller is not the owner": "Only the contract's owner can do this (the connected wallet is not the owner)",
};

const PANICS: Readonly<Record<number, string>> = {
  0x01: "assertion failed",
  0x11: "arithmetic overflow or underflow",
  0x12: "division by zero",
  0x21: "invalid enum value",
  0x22: "invalid storage data",
  0x31: "pop from an empty array",
  0x32: "array index out of bounds",
  0x41: "out of memory",
  0x51: "call to an uninitialised function",
};

const ERROR_STRING = "0x08c379a0";
const PANIC = "0x4e487b71";

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => typeof v === "object" && v !== null;

/** Every object nested in an error (ethers wraps wallet errors in info.error, data.originalError, cause, …). */
function layers(thrown: unknown, depth = 0, seen = new Set<unknown>()): Bag[] {
  if (!isBag(thrown) || seen.has(thrown) || depth > 6) return [];
  seen.add(thrown);
  const out: Bag[] = [thrown];
  for (const key of ["error", "info", "data", "originalError", "cause", "payload", "body", "value", "innerError"]) {
    const inner = thrown[key];
    if (typeof inner === "string" && key === "body") {
      try {
        out.push(...layers(JSON.parse(inner), depth + 1, seen));
      } catch {
        // not JSON
      }
    } else out.push(...layers(inner, depth + 1, seen));
  }
  return out;
}

const codesOf = (e: unknown) => layers(e).map((l) => l.code);
const messagesOf = (e: unknown) =>
  layers(e)
    .flatMap((l) => [l.shortMessage, l.message, l.reason])
    .filter((m): m is string => typeof m === "string");

/** Revert data: the first 0x-hex `data` found with at least a selector. */
function revertData(thrown: unknown): string | undefined {
  for (const layer of layers(thrown)) {
    const dialog = layer.data;
    if (typeof dialog === "string" && /^0x[0-9a-fA-F]{8}/.test(dialog)) return dialog;
  }
  return undefined;
}

/** Decodes revert data: Error(string), Panic(uint256) or a custom error of one of the product's contracts. */
export function decodeRevertData(data: string, interfaces: Interface[] = allInterfaces()): string | undefined {
  const coder = AbiCoder.defaultAbiCoder();
  try {
    if (data.startsWith(ERROR_STRING)) return String(coder.decode(["string"], "0x" + data.slice(10))[0]);
    if (data.startsWith(PANIC)) {
      const code = Number(coder.decode(["uint256"], "0x" + data.slice(10))[0]);
      return `Panic: ${PANICS[code] ?? `code 0x${code.toString(16)}`}`;
    }
  } catch {
    return undefined;
  }
  for (const iface of interfaces) {
    try {
      const parsed = iface.parseError(data);
      if (parsed) return `${parsed.name}(${parsed.args.map((a) => String(a)).join(", ")})`;
    } catch {
      // not this contract's error
    }
  }
  return undefined;
}

/** The contract's revert reason inside any error, if there is one. */
export function revertReason(thrown: unknown): string | undefined {
  if (thrown instanceof ChainError) return thrown.reason;
  for (const layer of layers(thrown)) {
    if (layer.code === "CALL_EXCEPTION" && typeof layer.reason === "string" && layer.reason) return layer.reason;
    const revert = layer.revert;
    if (isBag(revert) && Array.isArray(revert.args) && typeof revert.name === "string") {
      return revert.name === "Error" ? String(revert.args[0]) : `${revert.name}(${revert.args.map(String).join(", ")})`;
    }
  }
  const data = revertData(thrown);
  if (data) {
    const decoded = decodeRevertData(data);
    if (decoded) return decoded;
  }
  for (const message of messagesOf(thrown)) {
    const match =
      /reverted with reason string '([^']*)'/.exec(message) ??
      /execution reverted:\s*"?([^"\n]+?)"?\s*$/m.exec(message) ??
      /revert(?:ed)?:\s*([^\n]+)$/m.exec(message);
    if (match && match[1].trim()) return match[1].trim();
  }
  return undefined;
}

/** The short message a screen shows for a revert reason. */
export const revertMessage = (reason: string) => REVERT_MESSAGES[reason] ?? reason;

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** What kind of failure an error is (see ChainErrorKind). */
export function errorKind(thrown: unknown): ChainErrorKind {
  if (thrown instanceof ChainError) return thrown.kind;
  const codes = codesOf(thrown);
  const text = messagesOf(thrown).join("\n");
  if (codes.includes("ACTION_REJECTED") || codes.includes(4001) || /user (rejected|denied)|rejected by user|user cancell?ed/i.test(text))
    return "rejected";
  if (codes.includes("INSUFFICIENT_FUNDS") || /insufficient funds/i.test(text)) return "insufficient-funds";
  if (revertReason(thrown) !== undefined || codes.includes("CALL_EXCEPTION") || /execution reverted/i.test(text)) return "revert";
  if (codes.includes(4902) || codes.includes(4901)) return "wrong-chain";
  if (codes.includes("INVALID_ARGUMENT") || codes.includes("NUMERIC_FAULT")) return "invalid-input";
  if (
    codes.some((c) => c === "NETWORK_ERROR" || c === "SERVER_ERROR" || c === "TIMEOUT") ||
    /failed to fetch|ECONNREFUSED|network error/i.test(text)
  )
    return "network";
  return "unknown";
}

/**
 * A short message for any chain error: the wallet's refusal, the contract's
 * revert reason (in the original screens' words for the known ones), missing
 * funds, an unreachable node, or the error's own short message.
 */
export function humanError(thrown: unknown): string {
  if (thrown instanceof ChainError) return thrown.message;
  const kind = errorKind(thrown);
  const codes = codesOf(thrown);
  switch (kind) {
    case "rejected":
      return "Transaction rejected in the wallet";
    case "insufficient-funds":
      return "Insufficient funds: the connected wallet cannot pay for gas and value";
    case "revert": {
      const reason = revertReason(thrown);
      return reason ? revertMessage(reason) : "The contract refused the transaction (reverted without a reason)";
    }
    case "wrong-chain":
      return "The wallet does not know this chain: add it in the wallet and try again";
    case "network":
      return "Cannot reach the chain: check the connection and try again";
    default:
      break;
  }
  if (codes.includes(-32002)) return "A request is already waiting in the wallet: open the wallet to answer it";
  if (codes.includes(4100)) return "The wallet has not authorised this site: connect it again";
  if (codes.includes("NONCE_EXPIRED")) return "Nonce too low: a transaction from this wallet was already sent; try again";
  if (codes.includes("REPLACEMENT_UNDERPRICED")) return "A pending transaction with this nonce pays more gas: wait for it";
  if (codes.includes("INVALID_ARGUMENT")) {
    const arg = layers(thrown).find((l) => typeof l.argument === "string")?.argument;
    return arg ? `Invalid value for ${String(arg)}` : "Invalid value";
  }
  const first = messagesOf(thrown)[0];
  return first ? clip(first.replace(/\s*\(action=.*$/s, "")) : "Unknown error";
}

/** Wraps any error as a ChainError with humanError's message (ChainErrors pass through). */
export function toChainError(thrown: unknown): ChainError {
  if (thrown instanceof ChainError) return thrown;
  const kind = errorKind(thrown);
  return new ChainError(kind === "unknown" ? "unknown" : kind, humanError(thrown), { reason: revertReason(thrown), cause: thrown });
}
