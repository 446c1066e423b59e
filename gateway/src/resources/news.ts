import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, NEWEST_FIRST, PUBLIC_CONTENT } from "./kit/define";
import { field } from "./kit/fields";

export const News = defineResource({
  name: "News",
  doc: "A news item of the public site.",
  fields: {
    heading: field.string(255, { required: true, sortable: true, legacy: "Heading" }),
    description: field.text({ legacy: "Description" }),
    imageUri: field.image(IMAGE_FIELDS.News),
    visible: field.bool(true, { filterable: true, legacy: "status" }),
  },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
  defaultSort: NEWEST_FIRST,
});
