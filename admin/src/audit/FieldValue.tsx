import { Box } from "@mui/material";
import { useTranslate } from "react-admin";
import { CopyButton } from "../ui/CopyButton";
import { ImageThumb } from "../ui/ImageThumb";
import { shorten } from "../resources/ChainTransaction/cells";
import { isImageField, isShowHide } from "./labels";
import { readable } from "./values";

/**
 * A stored value as a person reads it: an image as its thumbnail, a
 * show/hide flag as Visible / Hidden (other booleans Yes / No), rich text
 * without its tags, an address or a hash shortened with a copy button,
 * nothing as '(empty)'.
 */
export function FieldValue({ field, value }: { field: string; value: unknown }) {
  const translate = useTranslate();
  if (value === null || value === undefined || value === "") return <>{translate("app.audit.empty")}</>;
  if (typeof value === "boolean") {
    if (isShowHide(field)) return <>{translate(value ? "app.audit.visible" : "app.audit.hidden")}</>;
    return <>{translate(value ? "app.audit.yes" : "app.audit.no")}</>;
  }
  if (typeof value === "string" && isImageField(field) && !/\s/.test(value))
    return (
      <Box component="span" sx={{ display: "inline-block", verticalAlign: "middle" }}>
        <ImageThumb name={value} alt={translate("app.fields.image")} />
      </Box>
    );
  if (typeof value === "string" && /^0x([0-9a-f]{40}|[0-9a-f]{64})$/i.test(value))
    return (
      <Box component="span" sx={{ whiteSpace: "nowrap", fontFamily: "monospace" }} title={value}>
        {shorten(value, 6, 4)}
        <CopyButton value={value} label={value.length === 42 ? "app.transactions.copy_address" : "app.transactions.copy_hash"} />
      </Box>
    );
  return <>{readable(value)}</>;
}
