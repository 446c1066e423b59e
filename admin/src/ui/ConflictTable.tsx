import { Box, FormControlLabel, Radio, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslate } from "react-admin";
import { FieldValue } from "../audit/FieldValue";
import { fieldLabel, useNaming, type Naming } from "../audit/labels";
import { isFileValue } from "../providers/mutationData";
import type { FieldMerge } from "./mergeFields";

export type Side = "theirs" | "yours";

/**
 * A form field's label as the form shows it: a content block's field as
 * 'Block 2 Title' (resources.Home.block_*), an image input by where the record
 * keeps its image, other fields from audit/labels.ts.
 */
export function formFieldLabel(naming: Naming, type: string, path: string, uploads: Record<string, string> = {}) {
  const { translate } = naming;
  const parts = (uploads[path] ?? path).split(".");
  const key = parts[parts.length - 1];
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  if (index < 0) return fieldLabel(naming, type, key);
  const block = Number(parts[index]) + 1;
  const leaf = key === "imageUri" ? "image" : key;
  const own = translate(`resources.Home.block_${leaf}`, { n: block, _: "" });
  return own || `${fieldLabel(naming, type, parts[0])} ${block} ${fieldLabel(naming, type, key)}`;
}

/** One side's value: a chosen file as its preview and name, a stored one as the History tab shows it. */
export function MergeValue({ type, field, value }: { type: string; field: string; value: unknown }) {
  if (isFileValue(value))
    return (
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        {value.src && <Box component="img" src={value.src} alt="" sx={{ width: 50, maxHeight: 80, objectFit: "contain" }} />}
        {value.title}
      </Box>
    );
  return (
    // Long rich text stays inside its cell: wrapped, and scrolled down past a few lines.
    <Box component="span" sx={{ display: "block", maxHeight: "16em", overflowY: "auto", whiteSpace: "pre-wrap" }}>
      <FieldValue type={type} field={field} value={value} />
    </Box>
  );
}

const CAPTION = { both: "pick", theirs: "taken", yours: "kept" } as const;

interface ConflictTableProps {
  type: string;
  rows: FieldMerge[];
  uploads: Record<string, string>;
  picks: Record<string, Side>;
  onPick: (path: string, side: Side) => void;
  /** Other captions than the conflict panel's, by outcome (i18n keys). */
  captions?: Partial<Record<FieldMerge["outcome"], string>>;
}

/**
 * Field by field: the value loaded, theirs and yours. A field only one side
 * changed says which was kept; one both changed has a radio in each of the two
 * cells to pick from.
 */
export function ConflictTable({ type, rows, uploads, picks, onPick, captions }: ConflictTableProps) {
  const translate = useTranslate();
  const naming = useNaming();
  const sides: ("loaded" | Side)[] = ["loaded", "theirs", "yours"];
  return (
    <Table
      size="small"
      aria-label={translate("app.audit.conflict.table")}
      sx={(theme) => ({
        my: 1,
        tableLayout: "fixed",
        width: "100%",
        "& th, & td": { verticalAlign: "top", overflowWrap: "break-word", px: 1 },
        "& tr:last-child td, & tr:last-child th": { borderBottom: 0 },
        // A phone has no room for four columns: each field becomes a block, its values one under another, each named.
        [theme.breakpoints.down("sm")]: {
          "& thead": { position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)" },
          "& tr": { display: "block", py: 1, borderBottom: 1, borderColor: "divider" },
          "& tr:last-child": { borderBottom: 0 },
          "& th[scope=row], & td": { display: "block", border: 0, py: 0.25 },
          "& td": { display: "grid", gridTemplateColumns: "5.5em minmax(0, 1fr)", columnGap: 1 },
          "& td::before": { content: "attr(data-label)", fontWeight: 600 },
        },
      })}
    >
      <TableHead>
        <TableRow>
          <TableCell component="th">{translate("app.audit.field")}</TableCell>
          {sides.map((side) => (
            <TableCell key={side} component="th">
              {translate(`app.audit.conflict.${side}`)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => {
          const field = (uploads[row.path] ?? row.path).split(".").pop() ?? row.path;
          return (
            <TableRow key={row.path} data-field={row.path} data-outcome={row.outcome}>
              <TableCell component="th" scope="row">
                {formFieldLabel(naming, type, row.path, uploads)}
                <Typography variant="caption" component="span" sx={{ display: "block", color: "text.secondary" }}>
                  {translate(captions?.[row.outcome] ?? `app.audit.conflict.${CAPTION[row.outcome]}`)}
                </Typography>
              </TableCell>
              {sides.map((side) => (
                <TableCell key={side} data-label={translate(`app.audit.conflict.${side}`)}>
                  <Box>
                    {row.outcome === "both" && side !== "loaded" && (
                      <FormControlLabel
                        sx={{ display: "flex", mr: 0 }}
                        control={
                          <Radio
                            size="small"
                            name={`pick-${row.path}`}
                            checked={picks[row.path] === side}
                            onChange={() => onPick(row.path, side)}
                          />
                        }
                        label={translate(`app.audit.conflict.${side}`)}
                      />
                    )}
                    <MergeValue type={type} field={field} value={row[side]} />
                  </Box>
                </TableCell>
              ))}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
