import { useEffect } from "react";
import { useLogout } from "react-admin";
import { clearSession, readSession } from "../providers/session";

/** Browsers clamp longer timers; a session past this is re-checked on the next screen anyway. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Signs the user out when the token's expiry time comes, even on an idle screen. */
export function SessionWatcher() {
  const logout = useLogout();
  useEffect(() => {
    const exp = readSession()?.payload.exp;
    if (typeof exp !== "number") return;
    const ms = exp * 1000 - Date.now();
    if (ms > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => {
        clearSession("expired");
        logout();
      },
      Math.max(ms, 0) + 1000,
    );
    return () => clearTimeout(timer);
  }, [logout]);
  return null;
}
