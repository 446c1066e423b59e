import { Box, List, ListItem, Skeleton, Table, TableBody, TableCell, TableHead, TableRow } from "@mui/material";
import { useResourceContext, useTranslate } from "react-admin";
import { phoneLayout, type Column } from "./columns";
import { firstPageOf } from "./firstPage";
import { FirstRows } from "./FirstRows";

const ROWS = 5;

/**
 * What a list shows while its first page loads: grey rows in the shape of
 * what is coming (the table's columns under their headings, or a phone's
 * rows), instead of a blank area. react-admin's DataTable shows nothing for
 * a second, then plain bars, and has no placeholder for rows. Assistive
 * technology hears "Loading", not an empty table. On a phone's link, the rows the shell drew (ui/FirstRows.tsx).
 */
export function ListSkeleton({ columns, phone }: { columns: Column[]; phone: boolean }) {
  const translate = useTranslate();
  const { image, secondary } = phoneLayout(columns);
  // A phone's link: the rows the shell drew stay until the list's own come.
  const first = firstPageOf(useResourceContext());
  if (phone && first) return <FirstRows page={first} toolbar={false} />;
  return (
    <Box role="status" aria-busy="true" aria-label={translate("ra.page.loading")}>
      {phone ? (
        <List disablePadding aria-hidden>
          {Array.from({ length: ROWS }, (_, row) => (
            <ListItem key={row} divider data-skeleton-row>
              {image && <Skeleton variant="rectangular" width={50} height={40} sx={{ mr: 2, flexShrink: 0 }} />}
              <Box sx={{ flex: 1 }}>
                <Skeleton width="70%" />
                {secondary.map((c) => (
                  <Skeleton key={c.key} width="45%" />
                ))}
              </Box>
            </ListItem>
          ))}
        </List>
      ) : (
        <Table size="small" aria-hidden>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.key}>{translate(c.label)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {Array.from({ length: ROWS }, (_, row) => (
              <TableRow key={row} data-skeleton-row>
                {columns.map((c) => (
                  <TableCell key={c.key}>
                    <Skeleton
                      variant={c.kind === "image" ? "rectangular" : "text"}
                      width={c.kind === "image" ? 50 : undefined}
                      height={c.kind === "image" ? 40 : undefined}
                    />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
