import type { DataProvider, RaRecord, SortPayload } from "react-admin";

/** Rows per request while exporting: well under the gateway's limit of 1000. */
export const EXPORT_PAGE_SIZE = 500;
export const EXPORT_FILE_NAME = "Forms";

export type Cell = string | number | null;
export interface Table {
  headers: string[];
  rows: Cell[][];
}

/** Every record the list's filter matches, fetched page by page (no cap). */
export async function fetchAllRecords(
  dataProvider: DataProvider,
  resource: string,
  query: { filter: Record<string, unknown>; sort: SortPayload },
  pageSize = EXPORT_PAGE_SIZE,
): Promise<RaRecord[]> {
  const records: RaRecord[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList(resource, { pagination: { page, perPage: pageSize }, ...query });
    records.push(...data);
    if (data.length < pageSize || (total !== undefined && records.length >= total)) return records;
  }
}

const csvCell = (v: Cell) => {
  if (v === null) return "";
  const text = String(v);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** RFC 4180 CSV. */
export const toCsv = (table: Table) => [table.headers, ...table.rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";

/** An .xlsx workbook; the writer is loaded only when someone exports. */
export async function toXlsx(table: Table): Promise<Blob> {
  const { default: writeXlsxFile } = await import("write-excel-file/universal");
  const header = table.headers.map((value) => ({ value, fontWeight: "bold" as const }));
  const body = table.rows.map((r) => r.map((value) => (value === null ? null : { value })));
  return writeXlsxFile([header, ...body] as never).toBlob();
}

export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
