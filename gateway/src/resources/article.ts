import { defineResource } from "./kit/define";
import { ANY_IMAGE, f } from "./kit/fields";

const n = ["", "1", "2", "3"];

export const Article = defineResource({
  name: "Article",
  table: "articles",
  doc: "A latest-articles entry: up to four rich-text blocks, each with its video links.",
  fields: {
    title: f.string(255, { required: true, sortable: true, legacy: "Title" }),
    heading: f.string(255, { sortable: true, legacy: "Heading" }),
    ...Object.fromEntries(n.map((i) => [`description${i}`, f.html({ legacy: `Description${i}` })])),
    ...Object.fromEntries(n.map((i) => [`newsLink${i}`, f.url({ label: `Youtube link ${i}`.trim(), legacy: `NewsLink${i}` })])),
    ...Object.fromEntries(n.map((i) => [`vimeoLink${i}`, f.url({ label: `Vimeo link ${i}`.trim(), legacy: `VimeoLink${i}` })])),
    imageUri: f.image(ANY_IMAGE),
    visible: f.bool(true, { filterable: true, legacy: "status" }),
  },
  access: { read: "public", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});
