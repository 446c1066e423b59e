import type { ReactNode } from "react";
import { useListContext, useRecordContext } from "react-admin";
import { formatDateTime, htmlPreview, type Column } from "./columns";
import { ImageThumb } from "./ImageThumb";

function SerialCell() {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const index = Math.max(0, data?.findIndex((r) => r.id === record?.id) ?? 0);
  return <>{(page - 1) * perPage + index + 1}</>;
}

/** How a column draws a record (inside its record context): the table's cell and the phone row's texts alike. */
export function renderCell(column: Column): ((record: Record<string, unknown>) => ReactNode) | undefined {
  if (column.render) return column.render as (record: Record<string, unknown>) => ReactNode;
  switch (column.kind) {
    case "serial":
      return () => <SerialCell />;
    case "image":
      return (r) => <ImageThumb name={r[column.source!] as string | undefined} />;
    case "datetime":
      return (r) => formatDateTime(r[column.source!]);
    case "html":
      return (r) => htmlPreview(String(r[column.source!] ?? ""));
    default:
      return undefined;
  }
}
