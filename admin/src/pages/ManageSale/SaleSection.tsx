import { Card, CardContent, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** One card of the ManageSale page: its heading (h2; h1 for the page's own card), then what it shows. */
export function SaleSection({ title, children, level = 2 }: { title: string; children: ReactNode; level?: 1 | 2 }) {
  return (
    <Card>
      <CardContent>
        <Typography variant={level === 1 ? "h5" : "h6"} component={level === 1 ? "h1" : "h2"} gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
