import { defineResource } from "./kit/define";
import { f, PNG_SVG } from "./kit/fields";

export const HomeImage = defineResource({
  name: "HomeImage",
  table: "home_images",
  doc: "The home page image.",
  fields: { imageUri: f.image(PNG_SVG, { required: true }) },
  access: { read: "public", write: "user" },
});
