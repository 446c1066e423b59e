import { defineResource, NO_MUTATIONS } from "./kit/define";
import { field } from "./kit/fields";

/** One owner's signature of a Safe transaction, checked by the gateway (chain/safe/) before it is stored. */
export const SafeConfirmation = defineResource({
  name: "SafeConfirmation",
  doc: "An owner's EIP-712 signature of a proposed Safe transaction.",
  fields: {
    /** safeTxHash:owner, so an owner's second signature of one transaction is refused by the database too. */
    confirmationKey: field.string(120, { required: true, unique: true, hidden: true }),
    safeTxHash: field.string(66, { required: true, filterable: true, immutable: true, searchable: true }),
    owner: field.address({ required: true, filterable: true, immutable: true, doc: "The signing owner (checksummed)" }),
    signature: field.string(132, { required: true, immutable: true, doc: "65 bytes, 0x-prefixed hex (r, s, v)" }),
  },
  area: "funds",
  operations: NO_MUTATIONS,
  defaultSort: { field: "id", order: "ASC" },
  hooks: {
    beforeWrite(write) {
      if (write.op === "create") write.values.confirmationKey = `${String(write.values.safeTxHash)}:${String(write.values.owner)}`;
    },
  },
});
