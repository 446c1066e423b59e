import { defineResource } from "./kit/define";
import { f, PNG_SVG } from "./kit/fields";

export const Pool = defineResource({
  name: "Pool",
  table: "pools",
  doc: "A farm pool, saved after its add transaction is mined.",
  fields: {
    pid: f.int({ required: true, min: 0, sortable: true, filterable: true }),
    risk: f.int({ min: 0, max: 100 }),
    lpSymbol: f.string(100, { required: true, sortable: true, searchable: true }),
    alloc: f.amount({ label: "Multiplier" }),
    isTokenOnly: f.bool(true),
    lpAddresses: f.address(),
    tokenSymbol: f.string(100, { sortable: true, searchable: true }),
    tokenAddresses: f.address({ required: true }),
    quoteTokenSymbol: f.string(100),
    quoteTokenAddresses: f.address({ legacy: "quoteTokenAdresses" }),
    depositFee: f.amount(),
    imageUri: f.image(PNG_SVG),
  },
  access: { read: "public", write: "user" },
});
