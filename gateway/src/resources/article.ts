import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, NEWEST_FIRST, PUBLIC_CONTENT } from "./kit/define";
import { field, titleAndHeading } from "./kit/fields";

const suffixes = ["", "1", "2", "3"];

export const Article = defineResource({
  name: "Article",
  doc: "A latest-articles entry: up to four rich-text blocks, each with its video links.",
  fields: {
    ...titleAndHeading(),
    ...Object.fromEntries(suffixes.map((i) => [`description${i}`, field.html({ legacy: `Description${i}` })])),
    ...Object.fromEntries(suffixes.map((i) => [`newsLink${i}`, field.url({ label: `Youtube link ${i}`.trim(), legacy: `NewsLink${i}` })])),
    ...Object.fromEntries(suffixes.map((i) => [`vimeoLink${i}`, field.url({ label: `Vimeo link ${i}`.trim(), legacy: `VimeoLink${i}` })])),
    imageUri: field.image(IMAGE_FIELDS.Article),
    visible: field.bool(true, { filterable: true, legacy: "status" }),
  },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
  defaultSort: NEWEST_FIRST,
});
