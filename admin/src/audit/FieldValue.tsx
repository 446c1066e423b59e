import { Box } from "@mui/material";
import { useTranslate } from "react-admin";
import { CopyButton } from "../ui/CopyButton";
import { ImageThumb } from "../ui/ImageThumb";
import { shorten } from "../ui/shorten";
import { fieldLabel, isImageField, isShowHide, useNaming } from "./labels";
import { readable } from "./values";

/**
 * A stored value as a person reads it: an image as its thumbnail, a
 * show/hide flag as Visible / Hidden (other booleans Yes / No), rich text
 * without its tags, an address or a hash shortened with a copy button,
 * nothing as '(empty)'.
 */
export function FieldValue({ type = "", field, value }: { type?: string; field: string; value: unknown }) {
  const translate = useTranslate();
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null))
    return <>{value.map((item) => readable(item)).join(", ")}</>;
  // A list of parts (a landing block's content blocks): each part's fields by their labels, values read as above.
  if (Array.isArray(value) || (value && typeof value === "object"))
    return <Parts type={type} field={field} value={value as Record<string, unknown> | Record<string, unknown>[]} />;
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

function Parts({ type, field, value }: { type: string; field: string; value: Record<string, unknown> | Record<string, unknown>[] }) {
  const translate = useTranslate();
  const naming = useNaming();
  const parts = Array.isArray(value) ? value : [value];
  return (
    <Box component="span" sx={{ display: "block" }}>
      {parts.map((part, i) => (
        <Box component="span" key={i} sx={{ display: "block", mb: 0.5 }}>
          {Array.isArray(value) && (
            <Box component="span" sx={{ display: "block", fontWeight: 600 }}>
              {field === "blocks" ? translate("resources.Home.block", { n: i + 1 }) : `#${i + 1}`}
            </Box>
          )}
          {Object.entries(part ?? {}).map(([key, item]) => (
            <Box component="span" key={key} sx={{ display: "block" }}>
              {fieldLabel(naming, type, key)}: <FieldValue type={type} field={key} value={item} />
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
