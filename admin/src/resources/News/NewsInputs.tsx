import { TextInput } from "react-admin";
import { ImageInput } from "../../ui/ImageInput";

/** Heading, Description and image (adds take any image, updates PNG or SVG only: News's rule in IMAGE_FIELDS). */
export function NewsInputs() {
  return (
    <>
      <TextInput source="heading" label="app.fields.heading" fullWidth />
      <TextInput source="description" label="app.fields.description" multiline minRows={3} fullWidth />
      <ImageInput label="app.fields.image" />
    </>
  );
}
