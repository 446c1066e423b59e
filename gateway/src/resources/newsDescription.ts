import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, NEWEST_FIRST, PUBLIC_CONTENT } from "./kit/define";
import { field, titleAndHeading } from "./kit/fields";

export const NewsDescription = defineResource({
  name: "NewsDescription",
  doc: "A news story with rich text and video links.",
  fields: {
    ...titleAndHeading(),
    description: field.html({ legacy: "Description" }),
    newsLink: field.url({ label: "Youtube link", legacy: "NewsLink" }),
    vimeoLink: field.url({ label: "Vimeo link", legacy: "VimeoLink" }),
    imageUri: field.image(IMAGE_FIELDS.NewsDescription),
    visible: field.bool(true, { filterable: true, legacy: "status" }),
  },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
  defaultSort: NEWEST_FIRST,
});
