import { defineResource } from "./kit/define";
import { f } from "./kit/fields";

export const IpWhitelistEntry = defineResource({
  name: "IpWhitelistEntry",
  table: "ip_whitelist",
  doc: "An IP address on the whitelist.",
  fields: { address: f.string(64, { required: true, unique: true, format: "ip", legacy: "whitelist" }) },
  access: { read: "user", write: "user" },
});
