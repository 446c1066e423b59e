import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, PUBLIC_CONTENT } from "./kit/define";
import { field } from "./kit/fields";

export const ArticleImage = defineResource({
  name: "ArticleImage",
  doc: "An image of one of the four latest-articles image lists (slot 1 to 4).",
  fields: {
    slot: field.int({ required: true, min: 1, max: 4, filterable: true, sortable: true }),
    imageUri: field.image(IMAGE_FIELDS.ArticleImage, { required: true }),
  },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
});
