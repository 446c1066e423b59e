import { Alert, Box, Card, CardContent, CssBaseline, Snackbar, ThemeProvider, Typography } from "@mui/material";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { translate } from "../i18n";
import { darkTheme, lightTheme, storedThemeMode } from "../theme";

export const TOAST_MS = 2000;

type Toast = { message: string; severity: "success" | "info" | "warning" | "error" };
const ToastContext = createContext<(t: Toast) => void>(() => undefined);

/** Shows a toast at the top centre that closes after 2000 ms. */
export const usePublicToast = () => useContext(ToastContext);

/**
 * The frame of the public screens (sign-in, registration, not found): themed
 * like the admin, a centred card, and their own toasts. It loads none of
 * react-admin, so these screens stay light.
 */
export function PublicShell({ title, children }: { title: string; children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const show = useCallback((t: Toast) => setToast(t), []);
  const theme = useMemo(() => (storedThemeMode() === "dark" ? darkTheme : lightTheme), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastContext.Provider value={show}>
        <Box
          component="main"
          sx={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", p: 2, bgcolor: "background.default" }}
        >
          <Card sx={{ width: "100%", maxWidth: 420 }} elevation={3}>
            <CardContent sx={{ p: 4 }}>
              <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 3 }}>
                <img src="/logo.svg" alt="" width={40} height={40} />
                <Box>
                  <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.2 }}>
                    {translate("app.title")}
                  </Typography>
                  <Typography variant="h5" component="h1">
                    {title}
                  </Typography>
                </Box>
              </Box>
              {children}
            </CardContent>
          </Card>
        </Box>
        <Snackbar
          open={toast !== null}
          autoHideDuration={TOAST_MS}
          onClose={() => setToast(null)}
          anchorOrigin={{ vertical: "top", horizontal: "center" }}
        >
          {toast ? (
            <Alert severity={toast.severity} variant="filled" onClose={() => setToast(null)} role="alert">
              {toast.message}
            </Alert>
          ) : undefined}
        </Snackbar>
      </ToastContext.Provider>
    </ThemeProvider>
  );
}
