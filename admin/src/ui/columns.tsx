import type { ReactNode } from "react";
import type { RaRecord, SortPayload } from "react-admin";

/**
 * One column of a list screen. The same declaration draws the table cell and
 * fills the Excel, CSV and print exports.
 */
export interface Column {
  /** Unique within the list; the record field for data columns. */
  key: string;
  /** i18n key of the header. */
  label: string;
  kind: "serial" | "text" | "image" | "datetime" | "html" | "actions";
  source?: string;
  /** The gateway can sort on it. */
  sortable?: boolean;
  /** A custom cell, inside the record's context. */
  render?: (record: RaRecord) => ReactNode;
  /** The exported value, when it differs from the field's. */
  exportValue?: (record: RaRecord) => string | number | null;
  /** A phone's row leads with it (by default the first text column). */
  primary?: boolean;
}

/**
 * A list's value columns and default order, declared beside its screen (resources/<type>/table.ts) and named by its
 * registry row: the screen adds its row buttons, and the shell paints a phone's first page from it before the
 * admin's code has loaded (ui/FirstRows.tsx).
 */
export interface ListTable {
  columns: Column[];
  sort: SortPayload;
}

/** The order of a list that declares none: by id (CrudList's default). */
export const ID_ORDER: SortPayload = { field: "id", order: "ASC" };

export const col = {
  serial: (label = "app.list.serial"): Column => ({ key: "serial", label, kind: "serial" }),
  text: (source: string, label: string, o: Partial<Column> = {}): Column => ({ key: source, source, label, kind: "text", ...o }),
  html: (source: string, label: string): Column => ({ key: source, source, label, kind: "html" }),
  image: (source = "imageUri", label = "app.list.image"): Column => ({ key: source, source, label, kind: "image" }),
  datetime: (source: string, label: string, o: Partial<Column> = {}): Column => ({ key: source, source, label, kind: "datetime", ...o }),
  /** Buttons (edit, delete, show/hide): shown, never exported. */
  actions: (key: string, label: string, render: (record: RaRecord) => ReactNode): Column => ({ key, label, kind: "actions", render }),
};

/** S.No, Image, Title, Heading: the leading columns of the content screens. */
export const contentColumns = (): Column[] => [
  col.serial(),
  col.image(),
  col.text("title", "app.fields.title", { sortable: true }),
  col.text("heading", "app.fields.heading", { sortable: true }),
];

export const formatDateTime = (value: unknown) => {
  if (value === null || value === undefined || value === "") return "";
  const dialog = new Date(value as string | number);
  return Number.isNaN(dialog.getTime()) ? String(value) : dialog.toLocaleString();
};

export const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** What a list shows of a rich-text field: its text, cut at 80 characters. */
export function htmlPreview(html: string) {
  const text = stripHtml(html);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/** A value column's text for a record, as its cell draws it (none for a column drawn by its own component). */
export function cellText(column: Column, record: Record<string, unknown>): string | undefined {
  if (column.render) return undefined;
  const value = record[column.source ?? column.key];
  if (column.kind === "datetime") return formatDateTime(value);
  if (column.kind === "html") return htmlPreview(String(value ?? ""));
  return column.kind === "text" ? String(value ?? "") : undefined;
}

const VALUE_KINDS = new Set<Column["kind"]>(["text", "datetime", "html"]);

/**
 * Which columns a phone's row shows: the primary text (the column marked
 * `primary`, else the first text one), the next one or two value columns
 * under it, the image as its thumbnail and the action columns in its menu.
 */
export function phoneLayout(columns: Column[]) {
  const primary = columns.find((c) => c.primary) ?? columns.find((c) => c.kind === "text" || c.kind === "html");
  return {
    primary,
    secondary: columns.filter((c) => c !== primary && VALUE_KINDS.has(c.kind)).slice(0, 2),
    image: columns.find((c) => c.kind === "image"),
    actions: columns.filter((c) => c.kind === "actions"),
  };
}

/** The value a column exports for a record at a (0-based) position of the whole export. */
export function exportCell(column: Column, record: RaRecord, index: number): string | number | null {
  if (column.exportValue) return column.exportValue(record);
  if (column.kind === "serial") return index + 1;
  const value = column.source ? record[column.source] : undefined;
  if (value === null || value === undefined) return null;
  if (column.kind === "datetime") return formatDateTime(value);
  if (column.kind === "html") return stripHtml(String(value));
  return typeof value === "number" ? value : String(value);
}

export const exportableColumns = (columns: Column[]) => columns.filter((c) => c.kind !== "actions");
