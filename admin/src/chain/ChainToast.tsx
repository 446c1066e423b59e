import { SnackbarContent, Typography } from "@mui/material";

/**
 * A toast of two lines: the screen's own message (the original text, kept as it is
 * and alone in its element) and what happened, in plain words with formatted
 * amounts. Classed as react-admin's notification of that type, so it takes its
 * colours.
 */
export function ChainToast({ title, detail, type }: { title: string; detail: string; type: "success" | "info" | "warning" | "error" }) {
  return (
    <SnackbarContent
      className={`RaNotification-${type}`}
      message={
        <>
          <span>{title}</span>
          <Typography component="span" variant="body2" sx={{ display: "block", opacity: 0.92 }} data-testid="toast-detail">
            {detail}
          </Typography>
        </>
      }
    />
  );
}
