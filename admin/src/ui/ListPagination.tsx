import { TablePagination } from "@mui/material";
import { useListContext, useTranslate } from "react-admin";

export const PAGE_SIZES = [10, 20, 50];

/** On a phone the bar wraps (the buttons on their own line, at the right) instead of scrolling sideways. */
const wrapOnPhone = {
  "& .MuiTablePagination-toolbar": {
    flexWrap: { xs: "wrap", sm: "nowrap" },
    justifyContent: "flex-end",
    rowGap: 0.5,
    pl: { xs: 1, sm: 2 },
  },
  "& .MuiTablePagination-spacer": { display: { xs: "none", sm: "block" } },
  "& .MuiTablePagination-actions": { ml: { xs: 1, sm: 2.5 } },
} as const;

/**
 * First / previous / next / last paging with 10, 20 or 50 rows and the info
 * text 'Showing _START_ to _END_ of _TOTAL_ records'.
 */
export function ListPagination() {
  const { page, perPage, total, setPage, setPerPage } = useListContext();
  const translate = useTranslate();
  if (total === undefined) return null;
  const lastPage = Math.max(0, Math.ceil(total / perPage) - 1);
  return (
    <TablePagination
      component="div"
      sx={wrapOnPhone}
      count={total}
      page={Math.min(page - 1, lastPage)}
      rowsPerPage={perPage}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_e, p) => setPage(p + 1)}
      onRowsPerPageChange={(e) => setPerPage(Number(e.target.value))}
      showFirstButton
      showLastButton
      labelRowsPerPage={translate("app.list.rows_per_page")}
      labelDisplayedRows={({ from, to, count }) =>
        translate("app.list.info", { start: count === 0 ? 0 : from, end: count === 0 ? 0 : to, total: count })
      }
      getItemAriaLabel={(type) => translate(`app.list.${type}_page`)}
    />
  );
}
