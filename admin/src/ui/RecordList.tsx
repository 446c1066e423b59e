import { Box, Typography } from "@mui/material";
import type { ReactElement, ReactNode } from "react";
import {
  DataTable,
  List,
  SearchInput,
  TopToolbar,
  useListContext,
  useRecordContext,
  useTranslate,
  type SortPayload,
} from "react-admin";
import { formatDateTime, type Column } from "./columns";
import { ExportButtons } from "./ExportButtons";
import { ImageThumb } from "./ImageThumb";
import { ListPagination } from "./ListPagination";

function SerialCell() {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const index = Math.max(0, data?.findIndex((r) => r.id === record?.id) ?? 0);
  return <>{(page - 1) * perPage + index + 1}</>;
}

function HtmlPreview({ html }: { html: string }) {
  const text = html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  return <>{text.length > 80 ? `${text.slice(0, 80)}…` : text}</>;
}

function renderCell(column: Column) {
  if (column.render) return column.render;
  switch (column.kind) {
    case "serial":
      return () => <SerialCell />;
    case "image":
      return (r: Record<string, unknown>) => <ImageThumb name={r[column.source!] as string | undefined} />;
    case "datetime":
      return (r: Record<string, unknown>) => formatDateTime(r[column.source!]);
    case "html":
      return (r: Record<string, unknown>) => <HtmlPreview html={String(r[column.source!] ?? "")} />;
    default:
      return undefined;
  }
}

function Empty() {
  const translate = useTranslate();
  return (
    <Typography sx={{ p: 3, textAlign: "center" }} color="text.secondary">
      {translate("app.list.empty")}
    </Typography>
  );
}

function Actions({ columns, children }: { columns: Column[]; children?: ReactNode }) {
  return (
    <TopToolbar sx={{ alignItems: "center", gap: 1 }}>
      {children}
      <ExportButtons columns={columns} />
    </TopToolbar>
  );
}

export interface RecordListProps {
  /** i18n key of the page title. */
  title: string;
  columns: Column[];
  /** Buttons next to the exports (Add ...). */
  actions?: ReactNode;
  /** Above the table (explanations). */
  aside?: ReactNode;
  sort?: SortPayload;
  /** More filter inputs after the 'Filter in records...' box. */
  filters?: ReactElement[];
  /** Dialogs of the screen. */
  children?: ReactNode;
}

/**
 * Every list screen: 10 rows a page (10/20/50), the 'Filter in records...'
 * box, server-side paging, sorting and search, Excel/CSV/print exports and the
 * 'No user found!' text.
 */
export function RecordList({ title, columns, actions, aside, sort = { field: "id", order: "ASC" }, filters = [], children }: RecordListProps) {
  const translate = useTranslate();
  return (
    <List
      title={title}
      perPage={10}
      sort={sort}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate("app.list.filter")} />, ...filters]}
      actions={<Actions columns={columns}>{actions}</Actions>}
      pagination={<ListPagination />}
      empty={false}
      exporter={false}
    >
      {aside && <Box sx={{ px: 2, pt: 1 }}>{aside}</Box>}
      <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty />}>
        {columns.map((c) => (
          <DataTable.Col key={c.key} source={c.source} label={c.label} disableSort={!c.sortable} render={renderCell(c)} />
        ))}
      </DataTable>
      {children}
    </List>
  );
}
