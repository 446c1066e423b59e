import { Box } from "@mui/material";
import { createContext, forwardRef, useContext, type ComponentProps } from "react";
import { DataTableBody, DataTableRow, useRecordContext, type DataTableBodyProps } from "react-admin";

/** The class of a row that just appeared or changed (ui/CrudList.tsx styles it). */
export const LIVE_CLASS = "live-changed";

/** The ids of the rows to highlight now (live/useLiveList.ts). */
export const HighlightedRows = createContext<ReadonlySet<string>>(new Set());

/** Whether the record in context is highlighted now. */
function useHighlighted() {
  const record = useRecordContext();
  const highlighted = useContext(HighlightedRows);
  return record !== undefined && highlighted.has(String(record.id));
}

const LiveRow = forwardRef<HTMLTableRowElement, ComponentProps<typeof DataTableRow>>(function LiveRow({ className, ...props }, ref) {
  const lit = useHighlighted();
  return <DataTableRow ref={ref} {...props} className={lit ? `${className ?? ""} ${LIVE_CLASS}` : className} />;
});

/** The table's body with its rows marked when they just appeared or changed. */
export function LiveBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={LiveRow} />;
}

/** Says what the last live refresh brought ('1 new row'), politely, to screen readers. */
export function LiveAnnouncement({ text }: { text: string }) {
  return (
    // A live region without the status role: the screens' toasts keep being the one status.
    <Box
      aria-live="polite"
      sx={{ position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" }}
    >
      {text}
    </Box>
  );
}

/** The highlight: a tinted row that fades back over a second once its 2 s are over. */
export const liveRowSx = {
  [`& .${LIVE_CLASS}`]: { bgcolor: "action.selected" },
  "& .RaDataTable-row, & .MuiListItem-root": { transition: "background-color 1s ease-out" },
} as const;
