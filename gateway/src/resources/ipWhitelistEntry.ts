import { defineResource } from "./kit/define";
import { field } from "./kit/fields";

export const IpWhitelistEntry = defineResource({
  name: "IpWhitelistEntry",
  table: "ip_whitelist",
  doc: "An IP address on the whitelist.",
  fields: { address: field.string(64, { required: true, unique: true, format: "ip", legacy: "whitelist" }) },
  area: "sale",
});
