import { defineResource } from "./kit/define";
import { field, PNG_SVG } from "./kit/fields";

export const HomeImage = defineResource({
  name: "HomeImage",
  table: "home_images",
  doc: "The home page image.",
  fields: { imageUri: field.image(PNG_SVG, { required: true }) },
  access: { read: "public", write: "user" },
});
