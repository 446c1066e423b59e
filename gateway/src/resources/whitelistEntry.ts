import { defineResource, INDEXED_ROW_COST, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

/** A presale's whitelist as the chain indexer read it (WhitelistedAddressAdded): one row per presale and address, its latest allocation. */
export const WhitelistEntry = defineResource({
  name: "WhitelistEntry",
  table: "whitelist_entries",
  doc: "An address on a presale's whitelist: its current allocation (the last one added) and when it was added.",
  fields: {
    /** chainId:presale:address, the one row per whitelisted address. */
    entryKey: field.string(100, { required: true, unique: true, hidden: true }),
    chainId: field.int({ required: true, hidden: true }),
    presaleAddress: field.address({ required: true, filterable: true, doc: "The presale (checksummed)" }),
    address: field.address({
      required: true,
      filterable: true,
      sortable: true,
      searchable: true,
      doc: "The whitelisted wallet (checksummed)",
    }),
    allocation: field.uint({ required: true, sortable: true, doc: "Its allocation, in wei (18 decimals), the last one added" }),
    addedAt: field.datetime({ required: true, sortable: true, doc: "Block time of the last add" }),
    blockNumber: field.int({ required: true, sortable: true }),
  },
  area: "funds",
  operations: NO_MUTATIONS,
  rowCost: INDEXED_ROW_COST,
  defaultSort: { field: "addedAt", order: "DESC" },
});
