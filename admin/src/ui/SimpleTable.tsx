import { Table, TableBody, TableCell, TableHead, TableRow, type SxProps, type Theme } from "@mui/material";
import type { HTMLAttributes, ReactNode } from "react";

/** One column of a SimpleTable: its heading, what a row shows in it and, optionally, the cell's style. */
export interface SimpleColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  sx?: SxProps<Theme>;
}

/**
 * A small read-only table (no paging, no sorting) named by `label` for assistive technology, for the short lists
 * outside react-admin's lists: a presale's recent transactions, the user's recent sign-ins.
 */
export function SimpleTable<Row extends { id: string | number }>({
  label,
  columns,
  rows,
  rowProps,
}: {
  label: string;
  columns: SimpleColumn<Row>[];
  rows: Row[];
  /** Extra attributes of a row's element (data-* hooks for tests and styles). */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.label}>{column.label}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id} {...rowProps?.(row)}>
            {columns.map((column) => (
              <TableCell key={column.label} sx={column.sx}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
