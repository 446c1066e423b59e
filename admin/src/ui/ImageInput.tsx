import UploadFileIcon from "@mui/icons-material/UploadFile";
import { Box, Button, FormControl, FormHelperText, Typography } from "@mui/material";
import { useId, useRef, type ChangeEvent } from "react";
import { Labeled, useInput, useNotify, useRecordContext, useResourceContext, useTranslate, type Validator } from "react-admin";
import { imageUrl } from "../config";
import { isFileValue } from "../providers/mutationData";
import { useScreens } from "./screens";
import { getPath } from "./getPath";
import { acceptOf, checkImageName, hintOf, rulesOf, type ImageRule } from "./imageRules";
import { useUploadSource } from "./uploadSources";

export interface ImageInputProps {
  /** The mutation argument the file goes to. */
  source?: string;
  /** i18n key or text of the label. */
  label: string;
  /**
   * Only for a file that is no resource's image field (a landing content
   * block's image, a pool added from another screen): otherwise the rule is
   * the resource's, from @presale/abis's IMAGE_FIELDS, for a create or an update.
   */
  rule?: ImageRule;
  /** Where the record keeps the current image's file name. */
  currentSource?: string;
  validate?: Validator | Validator[];
}

/**
 * A file input for one image with its field's rule (the one the gateway
 * checks), checked at selection: a refused file shows the gateway's message
 * as a toast and is not kept. A hint under it names what it takes. Shows the
 * current image, then the chosen one. Server errors for the field appear in
 * red under it.
 */
export function ImageInput({ source = "file", label, rule: explicit, currentSource = "imageUri", validate }: ImageInputProps) {
  const { field, fieldState } = useInput({ source, format: (v) => v, parse: (v) => v, defaultValue: null, validate });
  useUploadSource(source, currentSource);
  const record = useRecordContext();
  const resource = useResourceContext();
  const op = record?.id != null ? "update" : "create";
  const { screenOf } = useScreens();
  const rules = rulesOf(resource ? screenOf(resource).type : undefined, op, explicit);
  const { rule } = rules;
  const [hintKey, hintArgs] = hintOf(op, rules);
  const notify = useNotify();
  const translate = useTranslate();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const text = translate(label, { _: label });

  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const refusal = checkImageName(file.name, rule);
    if (refusal) {
      notify(refusal, { type: "error" });
      e.target.value = "";
      field.onChange(null);
      return;
    }
    field.onChange({ rawFile: file, src: URL.createObjectURL(file), title: file.name });
  };

  const chosen = isFileValue(field.value) ? field.value : null;
  const preview = chosen?.src ?? imageUrl(getPath(record, currentSource) as string | undefined);
  const error = fieldState.error?.message;

  return (
    <FormControl error={!!error} fullWidth margin="dense">
      <Labeled label={text} htmlFor={id} fullWidth>
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
          {preview && <Box component="img" src={preview} alt="" sx={{ width: 50, maxHeight: 80, objectFit: "contain" }} />}
          <Button component="label" variant="outlined" size="small" startIcon={<UploadFileIcon />}>
            {translate("app.image.choose")}
            <input
              ref={fileInput}
              id={id}
              aria-label={text}
              aria-describedby={hintId}
              type="file"
              accept={acceptOf(rule)}
              hidden
              onChange={onChange}
            />
          </Button>
          <Typography variant="body2" color="text.secondary">
            {chosen?.title ?? translate("app.image.none")}
          </Typography>
        </Box>
      </Labeled>
      {error && <FormHelperText>{translate(error, { _: error })}</FormHelperText>}
      <FormHelperText id={hintId} error={false}>
        {translate(hintKey, hintArgs)}
      </FormHelperText>
    </FormControl>
  );
}
