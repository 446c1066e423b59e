import { AppBar, Box, CssBaseline, Skeleton, Stack, ThemeProvider, Toolbar, Typography } from "@mui/material";
import { useMemo } from "react";
import { translate } from "../i18n";
import { darkTheme, lightTheme, storedThemeMode } from "../theme";
import type { FirstPage } from "./firstPage";
import { FirstRows } from "./FirstRows";
import { LoadingScreen } from "./LoadingScreen";

/** As many menu lines as the sidebar's first screen shows. */
const MENU_LINES = 8;

/**
 * The admin's frame while its code loads on a deep link: the app bar with the logo and title, the sidebar's place
 * with grey lines, the loading spinner where the screen goes. It paints with /login's code, at once, and keeps the
 * layout's places so the admin replaces it without the page jumping. A phone's list shows its first page there
 * (`page`, ui/FirstRows.tsx).
 */
export function ShellFallback({ page }: { page?: FirstPage }) {
  const theme = useMemo(() => (storedThemeMode() === "dark" ? darkTheme : lightTheme), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppBar position="static" color="secondary" elevation={1}>
        <Toolbar variant="dense" sx={{ gap: 1.5, minHeight: { xs: 56, sm: 48 } }}>
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32, ml: 5 }} />
          <Typography variant="h6" component="span" sx={{ fontSize: { xs: "1rem", sm: "1.25rem" } }}>
            {translate("app.title")}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ display: "flex" }}>
        <Stack spacing={2.5} sx={{ width: 240, p: 2, display: { xs: "none", md: "flex" } }} aria-hidden>
          {Array.from({ length: MENU_LINES }, (_, line) => (
            <Skeleton key={line} variant="text" width={`${60 + ((line * 13) % 30)}%`} />
          ))}
        </Stack>
        <Box sx={{ flex: 1 }}>
          {page ? (
            // The admin's content keeps 8 px from the screen's sides.
            <Box sx={{ px: 1 }}>
              <FirstRows page={page} />
            </Box>
          ) : (
            <LoadingScreen />
          )}
        </Box>
      </Box>
    </ThemeProvider>
  );
}
