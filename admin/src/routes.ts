import { SCREENS } from "./registry";

/**
 * The first path segment of every screen behind sign-in: the registry's pages
 * and listed resources (a resource reached only through another screen's
 * dialog has no route). Paths match without regard to case, so the sidebar's
 * lower-case links (/dashboard, /users, ...) reach the same screens as SPEC's
 * /Dashboard, /Users, ...
 */
export const ADMIN_SECTIONS = SCREENS.filter((screen) => screen.page || screen.list).map((screen) => screen.route);

/** react-admin's page of a route the user's role does not allow (where its own checks lead). */
const ACCESS_DENIED = "access-denied";

const sections = new Set([...ADMIN_SECTIONS, ACCESS_DENIED].map((section) => section.toLowerCase()));

export const isAdminPath = (pathname: string) => sections.has((pathname.split("/")[1] ?? "").toLowerCase());
