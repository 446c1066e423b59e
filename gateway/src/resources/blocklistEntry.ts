import { defineResource, NEWEST_FIRST } from "./kit/define";
import { field } from "./kit/fields";

export const BlocklistEntry = defineResource({
  name: "BlocklistEntry",
  table: "blocklist",
  doc: "A wallet address on the token's blocklist.",
  fields: { walletAddress: field.address({ required: true, unique: true, searchable: true, legacy: "walletaddress" }) },
  area: "sale",
  policy: { chain: true },
  defaultSort: NEWEST_FIRST,
});
