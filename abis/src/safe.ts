/**
 * Safe (Gnosis Safe 1.4.1) multisig transactions as data: the SafeTx EIP-712 types and hash, signer recovery,
 * signature packing for execTransaction and the ABI fragments the product calls. Pure: the admin signs with it,
 * the gateway checks signatures with it (the same hash on both sides, computed from the same code).
 */
import {
  Contract,
  getAddress,
  Interface,
  isHexString,
  recoverAddress,
  Signature,
  TypedDataEncoder,
  ZeroAddress,
  type ContractRunner,
} from "ethers";

/** The Safe functions and events the product uses (SafeL2 1.4.1: its events also carry the transaction's fields). */
export const SAFE_ABI = [
  "function getOwners() view returns (address[])",
  "function getThreshold() view returns (uint256)",
  "function nonce() view returns (uint256)",
  "function isOwner(address owner) view returns (bool)",
  "function VERSION() view returns (string)",
  "function approvedHashes(address owner, bytes32 hash) view returns (uint256)",
  "function getTransactionHash(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, uint256 _nonce) view returns (bytes32)",
  "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)",
  "event ExecutionSuccess(bytes32 indexed txHash, uint256 payment)",
  "event ExecutionFailure(bytes32 indexed txHash, uint256 payment)",
  // SafeL2 only, emitted before the call: additionalInfo is abi.encode(nonce, msg.sender, threshold).
  "event SafeMultiSigTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures, bytes additionalInfo)",
] as const;

export const safeInterface = new Interface(SAFE_ABI);

/** A Safe contract at `address` (reads through a provider, execTransaction through a signer). */
export function safeContract(address: string, runner?: ContractRunner | null): Contract {
  return new Contract(address, safeInterface, runner ?? null);
}

/** Safe's Enum.Operation. The product only proposes calls: a delegatecall runs foreign code with the Safe's storage. */
export const SAFE_OPERATION = { call: 0, delegateCall: 1 } as const;

/** The fields of a Safe transaction, in the order of its EIP-712 type (the Safe transaction service's names). */
export interface SafeTx {
  to: string;
  value: bigint;
  data: string;
  operation: number;
  safeTxGas: bigint;
  baseGas: bigint;
  gasPrice: bigint;
  gasToken: string;
  refundReceiver: string;
  nonce: bigint;
}

/** The EIP-712 type of a Safe transaction (Safe 1.3.0 and later). */
/**
 * The transaction's fields in the order of the Safe's `execTransaction` and `getTransactionHash`; the first is then
 * given the packed signatures, the second the nonce.
 */
export const safeTxArgs = (tx: SafeTx) =>
  [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver] as const;

export const SAFE_TX_TYPES = {
  SafeTx: [
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "data", type: "bytes" },
    { name: "operation", type: "uint8" },
    { name: "safeTxGas", type: "uint256" },
    { name: "baseGas", type: "uint256" },
    { name: "gasPrice", type: "uint256" },
    { name: "gasToken", type: "address" },
    { name: "refundReceiver", type: "address" },
    { name: "nonce", type: "uint256" },
  ],
};

/** The Safe's EIP-712 domain: only the chain id and the Safe itself (no name, no version). */
export function safeDomain(chainId: number | bigint, safe: string) {
  return { chainId: BigInt(chainId), verifyingContract: getAddress(safe) };
}

/** A Safe transaction with no gas refund (what the product proposes): safeTxGas, baseGas, gasPrice 0, no refund token. */
export function safeTx(fields: { to: string; data?: string; value?: bigint; nonce: bigint | number; operation?: number }): SafeTx {
  return {
    to: getAddress(fields.to),
    value: fields.value ?? 0n,
    data: fields.data ?? "0x",
    operation: fields.operation ?? SAFE_OPERATION.call,
    safeTxGas: 0n,
    baseGas: 0n,
    gasPrice: 0n,
    gasToken: ZeroAddress,
    refundReceiver: ZeroAddress,
    nonce: BigInt(fields.nonce),
  };
}

/** The EIP-712 hash the owners sign, equal to the Safe's getTransactionHash on that chain. */
export function safeTxHash(chainId: number | bigint, safe: string, tx: SafeTx): string {
  return TypedDataEncoder.hash(safeDomain(chainId, safe), SAFE_TX_TYPES, tx);
}

/**
 * The JSON a wallet's eth_signTypedData_v4 is given to sign `tx`: the domain's own type included (wallets encode the
 * domain by it), numbers as decimal strings. `JSON.stringify` it as the second parameter.
 */
export function safeTypedData(chainId: number | bigint, safe: string, tx: SafeTx) {
  const domain = safeDomain(chainId, safe);
  return {
    types: {
      EIP712Domain: [
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
      ...SAFE_TX_TYPES,
    },
    domain: { chainId: domain.chainId.toString(), verifyingContract: domain.verifyingContract },
    primaryType: "SafeTx" as const,
    message: Object.fromEntries(Object.entries(tx).map(([key, value]) => [key, typeof value === "bigint" ? value.toString() : value])),
  };
}

/** Thrown for a signature that is not 65 bytes of r, s, v with v 27 or 28. */
export class MalformedSignatureError extends Error {}

/**
 * The address that signed `hash` with a 65-byte ECDSA signature as eth_signTypedData_v4 gives it (v 27/28).
 * Safe's other kinds (v 0 contract, 1 approved hash, > 30 eth_sign) are refused: an owner signs the typed data.
 */
export function recoverSafeSigner(hash: string, signature: string): string {
  if (typeof signature !== "string" || !isHexString(signature, 65)) {
    throw new MalformedSignatureError("A signature is 65 bytes as 0x followed by 130 hex digits");
  }
  const recoveryByte = parseInt(signature.slice(130, 132), 16);
  if (recoveryByte !== 27 && recoveryByte !== 28)
    throw new MalformedSignatureError("The signature's v must be 27 or 28 (an eth_signTypedData_v4 signature)");
  try {
    return getAddress(recoverAddress(hash, Signature.from(signature)));
  } catch {
    throw new MalformedSignatureError("The signature is not a valid ECDSA signature");
  }
}

/** One owner's signature of a Safe transaction. */
export interface OwnerSignature {
  owner: string;
  signature: string;
}

/** The signatures argument of execTransaction: each 65-byte signature, ordered by owner address ascending, concatenated. */
export function packSignatures(signatures: readonly OwnerSignature[]): string {
  const sorted = [...signatures].sort((a, b) => {
    const first = BigInt(getAddress(a.owner));
    const second = BigInt(getAddress(b.owner));
    return first < second ? -1 : first > second ? 1 : 0;
  });
  return "0x" + sorted.map((s) => s.signature.slice(2).toLowerCase()).join("");
}
