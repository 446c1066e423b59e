import { defineResource } from "./kit/define";
import { f } from "./kit/fields";

export const ContactMessage = defineResource({
  name: "ContactMessage",
  table: "contact_messages",
  doc: "A message sent through the public contact form. Read-only.",
  fields: {
    name: f.string(255, { sortable: true, searchable: true, readOnly: true }),
    email: f.string(255, { sortable: true, searchable: true, readOnly: true, legacy: "Email" }),
    website: f.string(500, { searchable: true, readOnly: true }),
    comments: f.text({ searchable: true, readOnly: true, legacy: "Comments" }),
  },
  access: { read: "user", write: "user" },
  operations: { create: false, update: false },
  defaultSort: { field: "createdAt", order: "DESC" },
});
