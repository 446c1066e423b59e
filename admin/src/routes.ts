import { SCREENS } from "./registry";

/**
 * The first path segment of every screen behind sign-in: the registry's pages
 * and listed resources (a resource reached only through another screen's
 * dialog has no route). Paths match without regard to case, so the sidebar's
 * lower-case links (/dashboard, /users, ...) reach the same screens as the
 * original /Dashboard, /Users, ...
 */
export const ADMIN_SECTIONS = SCREENS.filter((screen) => screen.page || screen.list).map((screen) => screen.route);

/** react-admin's page of a route the user's role does not allow (where its own checks lead). */
const ACCESS_DENIED = "access-denied";

const sections = new Set([...ADMIN_SECTIONS, ACCESS_DENIED].map((section) => section.toLowerCase()));

export const isAdminPath = (pathname: string) => sections.has((pathname.split("/")[1] ?? "").toLowerCase());

/** The screens whose code a deep link has started loading (once per screen and page load). */
const preloaded = new Set<string>();

/**
 * Starts loading the code of the screen at `pathname` (a signed-in deep link) beside the admin's own, rather than
 * after it: the screen's request then leaves with the admin's instead of once the admin has run. A failed load is
 * left to the screen, which asks again and says so.
 */
export function preloadScreen(pathname: string) {
  const section = (pathname.split("/")[1] ?? "").toLowerCase();
  const screen = SCREENS.find(({ route }) => route.toLowerCase() === section);
  const load = screen?.page ?? screen?.list;
  if (!screen || !load || preloaded.has(screen.route)) return;
  preloaded.add(screen.route);
  load().catch(() => preloaded.delete(screen.route));
}
