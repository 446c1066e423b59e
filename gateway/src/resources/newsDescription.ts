import { defineResource } from "./kit/define";
import { ANY_IMAGE, f } from "./kit/fields";

export const NewsDescription = defineResource({
  name: "NewsDescription",
  table: "news_descriptions",
  doc: "A news story with rich text and video links.",
  fields: {
    title: f.string(255, { required: true, sortable: true, legacy: "Title" }),
    heading: f.string(255, { sortable: true, legacy: "Heading" }),
    description: f.html({ legacy: "Description" }),
    newsLink: f.url({ label: "Youtube link", legacy: "NewsLink" }),
    vimeoLink: f.url({ label: "Vimeo link", legacy: "VimeoLink" }),
    imageUri: f.image(ANY_IMAGE),
    visible: f.bool(true, { filterable: true, legacy: "status" }),
  },
  access: { read: "public", write: "user" },
  defaultSort: { field: "createdAt", order: "DESC" },
});
