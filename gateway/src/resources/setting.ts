import { defineResource, PUBLIC_CONTENT } from "./kit/define";
import { field } from "./kit/fields";

export const Setting = defineResource({
  name: "Setting",
  doc: "A site setting: a name and its value. The name cannot change once created.",
  fields: {
    name: field.string(100, { required: true, unique: true, immutable: true, searchable: true, legacy: "Heading" }),
    value: field.text({ searchable: true, legacy: "Description" }),
  },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
});
