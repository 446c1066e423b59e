import { ZeroAddress } from "ethers";
import { defineResource, INDEXED_ROW_COST, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

/** Where a Safe transaction stands: collecting signatures, ready to execute, done, or overtaken at its nonce. */
export const SAFE_TX_STATUSES = ["pending", "executable", "executed", "failed", "replaced"] as const;
export type SafeTxStatus = (typeof SAFE_TX_STATUSES)[number];

/**
 * A transaction proposed to a Safe multisig, with the fields of Safe's transaction service (safeTxHash, nonce,
 * proposer, confirmationsRequired), so a later bridge to that service is a small step. Written only by the gateway:
 * proposeSafeTransaction and confirmSafeTransaction (chain/safe/), which check every signature, and the chain indexer,
 * which follows the Safe's ExecutionSuccess / ExecutionFailure events.
 */
export const SafeTransaction = defineResource({
  name: "SafeTransaction",
  doc: "A Safe multisig transaction proposed from the admin: what it calls, its nonce and EIP-712 hash, who signed, and its status.",
  fields: {
    safe: field.address({ required: true, filterable: true, sortable: true, immutable: true, doc: "The Safe (checksummed)" }),
    chainId: field.int({ required: true, immutable: true }),
    to: field.address({ required: true, filterable: true, immutable: true, doc: "The called contract (checksummed)" }),
    value: field.string(78, { required: true, immutable: true, doc: "Wei sent with the call, as decimal text" }),
    data: field.text({ max: 200_000, required: true, immutable: true, doc: "The call's data, 0x-prefixed hex" }),
    operation: field.int({ required: true, min: 0, max: 0, immutable: true, doc: "0: a call (delegatecall is not proposed)" }),
    safeTxGas: field.constant("0"),
    baseGas: field.constant("0"),
    gasPrice: field.constant("0"),
    gasToken: field.constant(ZeroAddress),
    refundReceiver: field.constant(ZeroAddress),
    nonce: field.int({ required: true, min: 0, filterable: true, sortable: true, immutable: true, doc: "The Safe nonce it executes at" }),
    safeTxHash: field.string(66, {
      required: true,
      unique: true,
      immutable: true,
      searchable: true,
      doc: "The EIP-712 hash the owners sign",
    }),
    proposer: field.address({ required: true, filterable: true, immutable: true, doc: "The owner who proposed it" }),
    confirmationsRequired: field.int({ required: true, doc: "The Safe's threshold when last signed" }),
    confirmationCount: field.int({ required: true, doc: "Owners who signed it (the proposer included)" }),
    status: field.string(16, { required: true, oneOf: [...SAFE_TX_STATUSES], filterable: true, sortable: true }),
    executedTxHash: field.string(66, { readOnly: true, doc: "The chain transaction that executed it (or failed it)" }),
    executedAt: field.datetime({ sortable: true, doc: "Block time of its execution" }),
  },
  area: "funds",
  policy: { chain: true },
  operations: NO_MUTATIONS,
  // Wide rows (call data up to 100 kB): a request reads a fifth as many.
  rowCost: INDEXED_ROW_COST,
  defaultSort: { field: "nonce", order: "DESC" },
});
