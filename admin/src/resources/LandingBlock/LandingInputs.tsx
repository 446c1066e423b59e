import { Box, Typography } from "@mui/material";
import { TextInput, useRecordContext, useTranslate } from "react-admin";
import { ImageInput } from "../../ui/ImageInput";
import { blockImageReachable } from "./landingUpdate";

/** The one landing section whose title is never edited here. */
const TITLE_LOCKED_IDENTIFIER = "landing_banner03";

interface Block {
  title?: string | null;
  description?: string | null;
  imageUri?: string | null;
}

/**
 * Fields as the record has them: Title only when it has one (and is not
 * landing_banner03), Description only when present, per content block its own
 * title, description and image; the identifier shown, not changeable.
 */
export function LandingInputs() {
  const record = useRecordContext();
  const translate = useTranslate();
  if (!record) return null;
  const blocks: Block[] = record.blocks ?? [];
  const gap = (i: number) => (blockImageReachable(blocks, i) ? undefined : "resources.Home.block_gap");
  return (
    <>
      <TextInput source="identifier" label="app.fields.identifier" disabled fullWidth />
      {record.title && record.identifier !== TITLE_LOCKED_IDENTIFIER && <TextInput source="title" label="app.fields.title" fullWidth />}
      {record.description && <TextInput source="description" label="app.fields.description" multiline minRows={3} fullWidth />}
      {record.imageUri && <ImageInput label="app.fields.image" />}
      {blocks.map((b, i) =>
        b.title || b.description || b.imageUri ? (
          <Box key={i} component="fieldset" data-block={i} sx={{ border: 1, borderColor: "divider", borderRadius: 1, px: 2, pb: 1 }}>
            <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
              {translate("resources.Home.block", { n: i + 1 })}
            </Typography>
            {b.title && <TextInput source={`blocks.${i}.title`} label={translate("resources.Home.block_title", { n: i + 1 })} fullWidth />}
            {b.description && (
              <TextInput
                source={`blocks.${i}.description`}
                label={translate("resources.Home.block_description", { n: i + 1 })}
                multiline
                fullWidth
              />
            )}
            {b.imageUri && (
              <ImageInput
                source={`blockFiles.${i}`}
                currentSource={`blocks.${i}.imageUri`}
                label={translate("resources.Home.block_image", { n: i + 1 })}
                rule="landingBlock"
                validate={(v: unknown) => (v ? gap(i) : undefined)}
              />
            )}
          </Box>
        ) : null,
      )}
    </>
  );
}
