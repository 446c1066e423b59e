import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import { Box, IconButton, List, MenuItem, Popover, Stack, TextField, Typography } from "@mui/material";
import { useCallback, useContext, useState, type ReactNode } from "react";
import { HighlightedRows, LIVE_CLASS, liveRowSx } from "../live/LiveRows";
import { RecordContextProvider, useListContext, useRecordContext, useTranslate, type Identifier, type SortPayload } from "react-admin";
import { renderCell } from "./cells";
import { phoneLayout, type Column } from "./columns";
import { EmptyList } from "./EmptyList";
import { ImageThumb } from "./ImageThumb";
import { PhoneRow } from "./PhoneRow";
import { EditDialogContext, RowMenuContext } from "./RowButtons";

/** A column's content for the record in context: its cell as the table draws it, or the field's value. */
function Cell({ column }: { column: Column }) {
  const record = useRecordContext();
  if (!record) return null;
  const render = renderCell(column);
  return <>{render ? render(record) : String(record[column.source ?? column.key] ?? "")}</>;
}

/** Columns whose buttons say what they do; the others (a switch, a chip) are headed by their column's label in the menu. */
const SELF_NAMED = new Set(["edit", "delete", "action", "visible"]);

/**
 * The row's "⋮" button and its menu: the table's own row buttons (the same
 * components, so the same permission checks), labelled. A menu with nothing
 * the user may use says so.
 */
function RowMenu({ columns }: { columns: Column[] }) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const openEdit = useContext(EditDialogContext);
  // Editing opens the dialog over the list: the menu closes first.
  const editFromMenu = useCallback(
    (id: Identifier) => {
      setAnchor(null);
      openEdit(id);
    },
    [openEdit],
  );
  const label = translate("app.list.actions");
  return (
    <>
      <IconButton aria-label={label} aria-haspopup="true" edge="end" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "group", "aria-label": label } }}
      >
        <EditDialogContext.Provider value={editFromMenu}>
          <RowMenuContext.Provider value>
            <Stack
              data-empty={translate("app.list.no_actions")}
              sx={{
                p: 1,
                alignItems: "flex-start",
                gap: 0.5,
                "& > [data-slot]:empty, & > [data-named]:has(> [data-slot]:empty)": { display: "none" },
                "&:not(:has([data-slot]:not(:empty)))::after": { content: "attr(data-empty)", color: "text.secondary", p: 1 },
              }}
            >
              {columns.map((column) =>
                SELF_NAMED.has(column.key) ? (
                  <Box key={column.key} data-slot sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    <Cell column={column} />
                  </Box>
                ) : (
                  <Box key={column.key} data-named sx={{ display: "flex", alignItems: "center", gap: 1, px: 1 }}>
                    <Typography variant="body2" color="text.secondary">
                      {translate(column.label)}
                    </Typography>
                    <Box data-slot>
                      <Cell column={column} />
                    </Box>
                  </Box>
                ),
              )}
            </Stack>
          </RowMenuContext.Provider>
        </EditDialogContext.Provider>
      </Popover>
    </>
  );
}

/** The sortable columns in a select and the order in a button: the table's header sorting, on a phone. */
function SortControl({ columns, defaultSort }: { columns: Column[]; defaultSort: SortPayload }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const sortable = columns.filter((c) => c.sortable);
  if (!sortable.length) return null;
  const field = sortable.some((c) => (c.source ?? c.key) === sort.field) ? sort.field : "";
  const ascending = sort.order === "ASC";
  return (
    <Stack direction="row" sx={{ alignItems: "center", gap: 1, px: 2, pt: 1 }}>
      <TextField
        select
        size="small"
        label={translate("app.list.sort_by")}
        value={field}
        onChange={(e) => setSort(e.target.value ? { field: e.target.value, order: sort.order } : defaultSort)}
        sx={{ flex: 1, minWidth: 0 }}
        // The list's own order is named ('Default order'), not left blank.
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{translate("app.list.sort_default")}</MenuItem>
        {sortable.map((c) => (
          <MenuItem key={c.key} value={c.source ?? c.key}>
            {translate(c.label)}
          </MenuItem>
        ))}
      </TextField>
      <IconButton
        aria-label={translate(ascending ? "app.list.sort_ascending" : "app.list.sort_descending")}
        onClick={() => setSort({ field: sort.field, order: ascending ? "DESC" : "ASC" })}
      >
        {ascending ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
      </IconButton>
    </Stack>
  );
}

/**
 * A list on a phone (below 600 px): one row a record instead of a table that
 * would scroll sideways; tapping a row opens its edit dialog (`onOpen`, when
 * the user may edit), its buttons are in the row's "Actions" menu.
 */
export function PhoneList({
  columns,
  defaultSort,
  empty,
  onOpen,
}: {
  columns: Column[];
  defaultSort: SortPayload;
  empty?: string;
  onOpen?: (id: Identifier) => void;
}) {
  const { data } = useListContext();
  const highlighted = useContext(HighlightedRows);
  const { primary, secondary, image, actions } = phoneLayout(columns);
  let rows: ReactNode = <EmptyList empty={empty} />;
  if (data?.length)
    rows = (
      <List disablePadding sx={liveRowSx}>
        {data.map((record) => (
          <RecordContextProvider key={record.id} value={record}>
            <PhoneRow
              className={highlighted.has(String(record.id)) ? LIVE_CLASS : undefined}
              image={image && <ImageThumb name={record[image.source!] as string | undefined} />}
              primary={primary && <Cell column={primary} />}
              secondary={secondary.map((c) => (
                <Cell key={c.key} column={c} />
              ))}
              action={actions.length ? <RowMenu columns={actions} /> : undefined}
              onOpen={onOpen && (() => onOpen(record.id))}
            />
          </RecordContextProvider>
        ))}
      </List>
    );
  return (
    <>
      <SortControl columns={columns} defaultSort={defaultSort} />
      {rows}
    </>
  );
}
