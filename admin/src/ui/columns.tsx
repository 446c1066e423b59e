import type { ReactNode } from "react";
import type { RaRecord } from "react-admin";

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
