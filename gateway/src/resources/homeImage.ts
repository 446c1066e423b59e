import { IMAGE_FIELDS } from "@presale/abis";
import { defineResource, PUBLIC_CONTENT } from "./kit/define";
import { field } from "./kit/fields";

export const HomeImage = defineResource({
  name: "HomeImage",
  doc: "The home page image.",
  fields: { imageUri: field.image(IMAGE_FIELDS.HomeImage, { required: true }) },
  area: "content",
  policy: PUBLIC_CONTENT,
  history: true,
});
