import { TextInput } from "react-admin";
import { ImageInput } from "../../ui/ImageInput";
import type { ImageRule } from "../../ui/imageRules";

/** Heading, Description and image; updates take PNG or SVG only, adds any image. */
export function NewsInputs({ imageRule }: { imageRule: ImageRule }) {
  return (
    <>
      <TextInput source="heading" label="app.fields.heading" fullWidth />
      <TextInput source="description" label="app.fields.description" multiline minRows={3} fullWidth />
      <ImageInput label="app.fields.image" rule={imageRule} />
    </>
  );
}
