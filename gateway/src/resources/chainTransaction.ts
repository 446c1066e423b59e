import { defineResource, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

/**
 * A transaction the admin sent from a connected wallet. Written only by the
 * gateway (recordChainTransaction), which reads and decodes it from the chain.
 */

export const ChainTransaction = defineResource({
  name: "ChainTransaction",
  doc: "A chain action sent from the admin: who, what (contract, function, arguments), hash, block and result.",
  fields: {
    hash: field.string(66, { required: true, unique: true, searchable: true }),
    chainId: field.int({ required: true }),
    contract: field.string(40, {
      required: true,
      filterable: true,
      sortable: true,
      doc: "Contract name (Presale, SaleToken, PresaleFactory, Farm, ...)",
    }),
    contractAddress: field.address({ required: true, filterable: true }),
    presaleAddress: field.address({ filterable: true, sortable: true, doc: "The presale the action concerns, if any" }),
    functionName: field.string(64, { required: true, filterable: true, sortable: true, searchable: true }),
    args: field.text({ doc: "The decoded arguments as JSON (amounts as decimal strings of base units)" }),
    wallet: field.address({ required: true, filterable: true, sortable: true, doc: "The sending wallet" }),
    userId: field.int({ doc: "The admin user who recorded it" }),
    userName: field.string(100, { sortable: true, searchable: true }),
    blockNumber: field.int({ required: true, sortable: true }),
    status: field.string(16, { required: true, oneOf: ["success", "reverted"], filterable: true, sortable: true }),
  },
  area: "sale",
  operations: NO_MUTATIONS,
  defaultSort: { field: "blockNumber", order: "DESC" },
});
