import { TextInput } from "react-admin";
import { ImageInput } from "../../ui/ImageInput";
import { RichTextInput } from "../../ui/RichTextInput";

/** Title, Heading, rich-text Description, 'Youtube Link', Vimeo Link, image. */
export function NewsDescriptionInputs() {
  return (
    <>
      <TextInput source="title" label="app.fields.title" fullWidth />
      <TextInput source="heading" label="app.fields.heading" fullWidth />
      <RichTextInput source="description" label="app.fields.description" />
      <TextInput source="newsLink" label="app.fields.youtube_link" fullWidth />
      <TextInput source="vimeoLink" label="app.fields.vimeo_link" fullWidth />
      <ImageInput label="app.fields.image" />
    </>
  );
}
