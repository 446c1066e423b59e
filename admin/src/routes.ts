import { resourceBindings } from "./providers/resourceTypes";

/** Custom (non-resource) screens inside the admin layout. */
export const PAGE_PATHS = {
  dashboard: "/Dashboard",
  stake: "/Stake",
  manageSale: "/ManageSale",
  security: "/Security",
} as const;

/** Resources reached only through another screen's dialog have no route of their own. */
const DIALOG_ONLY = new Set(["IpWhitelist"]);

/**
 * The first path segment of every screen behind sign-in. Paths match without
 * regard to case, so the sidebar's lower-case links (/dashboard, /users, ...)
 * reach the same screens as SPEC's /Dashboard, /Users, ...
 */
export const ADMIN_SECTIONS = [
  ...Object.values(PAGE_PATHS).map((p) => p.slice(1)),
  ...Object.keys(resourceBindings).filter((r) => !DIALOG_ONLY.has(r)),
];

const sections = new Set(ADMIN_SECTIONS.map((s) => s.toLowerCase()));

export const isAdminPath = (pathname: string) => sections.has((pathname.split("/")[1] ?? "").toLowerCase());
