import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, PUBLIC_CONTENT } from "./kit/define";
import { field } from "./kit/fields";

export const Pool = defineResource({
  name: "Pool",
  doc: "A farm pool, saved after its add transaction is mined.",
  fields: {
    pid: field.int({ required: true, min: 0, sortable: true, filterable: true }),
    risk: field.int({ min: 0, max: 100 }),
    lpSymbol: field.string(100, { required: true, sortable: true, searchable: true }),
    alloc: field.amount({ label: "Multiplier" }),
    isTokenOnly: field.bool(true),
    lpAddresses: field.address(),
    tokenSymbol: field.string(100, { sortable: true, searchable: true }),
    tokenAddresses: field.address({ required: true, sortable: true }),
    quoteTokenSymbol: field.string(100),
    quoteTokenAddresses: field.address({ legacy: "quoteTokenAdresses" }),
    depositFee: field.amount(),
    imageUri: field.image(IMAGE_FIELDS.Pool),
  },
  area: "sale",
  policy: { ...PUBLIC_CONTENT, chain: true },
});
