import { defineResource, PUBLIC_CONTENT } from "./kit/define";
import { field, PNG_SVG } from "./kit/fields";

export const HomeImage = defineResource({
  name: "HomeImage",
  doc: "The home page image.",
  fields: { imageUri: field.image(PNG_SVG, { required: true }) },
  access: PUBLIC_CONTENT,
});
