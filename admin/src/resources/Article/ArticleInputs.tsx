import { Box, Typography } from "@mui/material";
import { TextInput, useTranslate } from "react-admin";
import { ImageInput } from "../../ui/ImageInput";
import { RichTextInput } from "../../ui/RichTextInput";

/** The four description blocks: '', 1, 2, 3 (description, description1, ...). */
export const ARTICLE_BLOCKS = ["", "1", "2", "3"];

/** Title (Heading on update), four rich-text blocks each with its video links, and the image. */
export function ArticleInputs({ withHeading }: { withHeading: boolean }) {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="title" label="app.fields.title" fullWidth />
      {withHeading && <TextInput source="heading" label="app.fields.heading" fullWidth />}
      {ARTICLE_BLOCKS.map((n, i) => (
        <Box key={n} component="fieldset" sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 2, pb: 1 }}>
          <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
            {translate("resources.Articles.block", { n: i + 1 })}
          </Typography>
          <RichTextInput source={`description${n}`} label={translate("resources.Articles.fields.description", { n: i + 1 })} />
          <TextInput source={`newsLink${n}`} label={translate("resources.Articles.fields.youtube_link", { n: i + 1 })} fullWidth />
          <TextInput source={`vimeoLink${n}`} label={translate("resources.Articles.fields.vimeo_link", { n: i + 1 })} fullWidth />
        </Box>
      ))}
      <ImageInput label="app.fields.image" />
    </>
  );
}
