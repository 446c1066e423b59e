import { defineResource } from "./kit/define";
import { f } from "./kit/fields";

/**
 * A transaction the admin sent from a connected wallet. Written only by the
 * gateway (recordChainTransaction), which reads and decodes it from the chain.
 */

export const ChainTransaction = defineResource({
  name: "ChainTransaction",
  table: "chain_transactions",
  doc: "A chain action sent from the admin: who, what (contract, function, arguments), hash, block and result.",
  fields: {
    hash: f.string(66, { required: true, unique: true, searchable: true }),
    chainId: f.int({ required: true }),
    contract: f.string(40, { required: true, filterable: true, sortable: true, doc: "Contract name (Presale, SaleToken, PresaleFactory, Farm, ...)" }),
    contractAddress: f.address({ required: true, filterable: true }),
    presaleAddress: f.address({ filterable: true, doc: "The presale the action concerns, if any" }),
    functionName: f.string(64, { required: true, filterable: true, sortable: true, searchable: true }),
    args: f.text({ doc: "The decoded arguments as JSON (amounts as decimal strings of base units)" }),
    wallet: f.address({ required: true, filterable: true, doc: "The sending wallet" }),
    userId: f.int({ doc: "The admin user who recorded it" }),
    userName: f.string(100, { searchable: true }),
    blockNumber: f.int({ required: true, sortable: true }),
    status: f.string(16, { required: true, oneOf: ["success", "reverted"], filterable: true }),
  },
  access: { read: "user", write: "user" },
  operations: { create: false, update: false, delete: false },
  defaultSort: { field: "blockNumber", order: "DESC" },
});
