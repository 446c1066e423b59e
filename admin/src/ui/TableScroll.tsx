import { Box } from "@mui/material";
import type { ReactNode } from "react";

/**
 * A table's own horizontal scroll box: on a narrow screen the table scrolls
 * here instead of pushing the page sideways. Focusable and named, so a
 * keyboard user can scroll it too.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: "auto", maxWidth: "100%" }}>
      {children}
    </Box>
  );
}
