import { maxLength, TextInput } from "react-admin";
import { ImageInput } from "./ImageInput";

export interface SectionInputsProps {
  /** The fixed landing identifier is shown, not changeable. */
  identifier?: boolean;
  content?: boolean;
  image?: boolean;
  maxDescription?: number;
}

/**
 * The Title / Heading / Description form of the landing sections (home block,
 * image-text features, road more, roadmap, home page). Images: the section's rule (PNG or SVG).
 */
export function SectionInputs({ identifier = true, content = true, image = true, maxDescription }: SectionInputsProps) {
  return (
    <>
      {identifier && <TextInput source="identifier" label="app.fields.identifier" disabled fullWidth />}
      <TextInput source="title" label="app.fields.title" fullWidth />
      <TextInput source="heading" label="app.fields.heading" fullWidth />
      <TextInput
        source="description"
        label="app.fields.description"
        multiline
        minRows={3}
        fullWidth
        validate={maxDescription ? maxLength(maxDescription) : undefined}
        helperText={maxDescription ? "app.fields.description_max" : undefined}
      />
      {content && <TextInput source="content" label="app.fields.content" multiline minRows={2} fullWidth />}
      {image && <ImageInput label="app.fields.image" />}
    </>
  );
}
