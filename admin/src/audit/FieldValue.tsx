import { Box } from "@mui/material";
import { useTranslate } from "react-admin";
import { ImageThumb } from "../ui/ImageThumb";
import { isImageField, isShowHide } from "./labels";
import { readable } from "./values";

/**
 * A stored value as a person reads it: an image as its thumbnail, a
 * show/hide flag as Visible / Hidden (other booleans Yes / No), rich text
 * without its tags, nothing as '(empty)'.
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
  return <>{readable(value)}</>;
}
