import { lazy, Suspense, useSyncExternalStore } from "react";
import { Navigate, Route, Routes, useLocation } from "react-router-dom";
import LoginPage from "./pages/LoginPage";
import NotFoundPage from "./pages/NotFoundPage";
import RegisterPage from "./pages/RegisterPage";
import { useFirstPage } from "./ui/FirstRows";
import { ShellFallback } from "./ui/ShellFallback";
import { activeSession, clearSession, onSessionChange, readSession, TOKEN_KEY } from "./providers/session";
import { isAdminPath, preloadScreen } from "./routes";
import { SCREEN_BOOK } from "./registry";
import { ScreensProvider } from "./ui/screens";
import { sessionPermissions } from "./providers/authProvider";

/** react-admin and everything behind sign-in: loaded only when a protected route is opened. */
const AdminApp = lazy(() => import("./App"));

const storedToken = () => localStorage.getItem(TOKEN_KEY);

function AdminOrNotFound() {
  const { pathname, search } = useLocation();
  const first = useFirstPage(pathname, search);
  // A session cleared on an open screen (an UNAUTHENTICATED answer, signing out) leads to /login at once.
  useSyncExternalStore(onSessionChange, storedToken);
  if (!isAdminPath(pathname)) return <NotFoundPage />;
  if (!activeSession()) {
    // No session, or an expired one (signed out here, so the login screen can say why).
    if (readSession()) clearSession("expired");
    return <Navigate to="/login" replace />;
  }
  // A phone's list link paints its first page before anything else loads (ui/FirstRows.tsx).
  if (!first.ready) return <ShellFallback page={first.page} />;
  // What the user may do is asked for while the admin's code loads (the screens wait for it), and the screen's
  // code loads beside the admin's; meanwhile the frame (app bar, sidebar) shows.
  void sessionPermissions();
  preloadScreen(pathname);
  return (
    <Suspense fallback={<ShellFallback page={first.page} />}>
      <AdminApp />
    </Suspense>
  );
}

/**
 * The route table: / and /login (sign-in) and /register are
 * public and light; the protected screens load the admin; anything else is
 * 'Not Found'.
 */
export function Root() {
  return (
    <ScreensProvider book={SCREEN_BOOK}>
      <Routes>
        <Route path="/" element={<LoginPage />} />
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/*" element={<AdminOrNotFound />} />
      </Routes>
    </ScreensProvider>
  );
}
