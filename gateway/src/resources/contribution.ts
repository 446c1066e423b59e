import { defineResource, INDEXED_ROW_COST, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

/** Presale contributions as the chain indexer read them from TokensBought events (written by chain/indexer, never through the API). */
export const Contribution = defineResource({
  name: "Contribution",
  doc: "A purchase in a presale (its TokensBought event): who paid how much in which currency, for how many tokens, when.",
  fields: {
    /** chainId:txHash:logIndex, so replaying a block range never writes a purchase twice. */
    eventKey: field.string(90, { required: true, unique: true, hidden: true }),
    chainId: field.int({ required: true, hidden: true }),
    presaleAddress: field.address({ required: true, filterable: true, doc: "The presale (checksummed)" }),
    buyer: field.address({ required: true, filterable: true, sortable: true, searchable: true, doc: "The buying wallet (checksummed)" }),
    currency: field.string(4, { required: true, oneOf: ["BNB", "BUSD"], filterable: true, sortable: true, doc: "BNB or BUSD" }),
    amountPaid: field.uint({ required: true, sortable: true, doc: "Paid, in wei (BNB and BUSD have 18 decimals)" }),
    tokens: field.uint({ required: true, sortable: true, doc: "Tokens bought, in the token's base units" }),
    blockNumber: field.int({ required: true, sortable: true }),
    txHash: field.string(66, { required: true, sortable: true, searchable: true }),
    logIndex: field.int({ required: true }),
    boughtAt: field.datetime({ required: true, sortable: true, filterable: true, doc: "The block's time" }),
  },
  area: "funds",
  operations: NO_MUTATIONS,
  rowCost: INDEXED_ROW_COST,
  defaultSort: { field: "blockNumber", order: "DESC" },
});
