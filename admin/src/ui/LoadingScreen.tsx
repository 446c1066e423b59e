import { Box, CircularProgress } from "@mui/material";
import { translate } from "../i18n";

/** Shown while a screen's code or first data loads. */
export function LoadingScreen() {
  return (
    <Box sx={{ display: "flex", alignItems: "center", justifyContent: "center", minHeight: "60vh" }}>
      <CircularProgress aria-label={translate("ra.page.loading")} />
    </Box>
  );
}
