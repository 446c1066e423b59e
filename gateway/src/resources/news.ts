import { defineResource } from "./kit/define";
import { ANY_IMAGE, f, PNG_SVG } from "./kit/fields";

export const News = defineResource({
  name: "News",
  table: "news",
  doc: "A news item of the public site.",
  fields: {
    heading: f.string(255, { required: true, sortable: true, legacy: "Heading" }),
    description: f.text({ legacy: "Description" }),
    imageUri: f.image(ANY_IMAGE, { updateKinds: PNG_SVG }),
    visible: f.bool(true, { filterable: true, legacy: "status" }),
  },
  access: { read: "public", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});
