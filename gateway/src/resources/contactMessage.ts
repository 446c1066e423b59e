import { defineResource, NEWEST_FIRST } from "./kit/define";
import { field } from "./kit/fields";

export const ContactMessage = defineResource({
  name: "ContactMessage",
  doc: "A message sent through the public contact form. Read-only.",
  fields: {
    name: field.string(255, { sortable: true, searchable: true, readOnly: true }),
    email: field.string(255, { sortable: true, searchable: true, readOnly: true, legacy: "Email" }),
    website: field.string(500, { sortable: true, searchable: true, readOnly: true }),
    comments: field.text({ searchable: true, readOnly: true, legacy: "Comments" }),
  },
  area: "messages",
  operations: { create: false, update: false },
  defaultSort: NEWEST_FIRST,
});
