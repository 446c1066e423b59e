import type { Permission } from "../../src/providers/permissions";

/**
 * The fake gateway's permissions: the grids of its roles, as `me { permissions }` answers them, and its
 * permissionCatalogue, in the notation tests write them in (`News:rcude SaleInsight:r`).
 */

/** Part of the gateway's permissionCatalogue: resources with every kind of action. */
const CATALOGUE = [
  { resource: "User", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "News", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "Setting", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "ContactMessage", actions: ["read", "delete", "export"] },
  { resource: "BlocklistEntry", actions: ["read", "create", "update", "delete", "export", "chain"] },
  { resource: "Role", actions: ["read", "create", "update", "delete", "export"] },
  { resource: "SaleInsight", actions: ["read"] },
  { resource: "Webhook", actions: ["read", "create", "update", "delete"] },
];
const NOT_FOR_TOKENS = ["User", "Role", "Session", "ApiToken", "Webhook"];

const LETTERS: Record<string, string> = { r: "read", c: "create", u: "update", d: "delete", e: "export", x: "chain" };

/** `News:rcude SaleInsight:r` (read, create, update, delete, export, chain = x) as `me { permissions }` says it. */
export const grid = (text: string): Permission[] =>
  text
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [resource, letters] = entry.split(":");
      return { resource, actions: [...letters].map((letter) => LETTERS[letter]) };
    });

/** The gateway's built-in roles (and `staff`, the upgrade's custom role), as its auth/permissions.ts grants them. */
const GRIDS: Record<string, string> = {
  admin:
    "User:rcude About:rcude Feature:rcude FeatureDescription:rcude Roadmap:rcude LandingBlock:rcude HomeImage:rcude HomePage:rcude Setting:rcude News:rcude NewsDescription:rcude Article:rcude ArticleImage:rcude ContactMessage:rde Pool:rcudex IpWhitelistEntry:rcude LaunchPad:rcudex BlocklistEntry:rcudex ChainTransaction:re Session:re SignInEvent:re Contribution:re WhitelistEntry:re AuditEvent:re Role:rcude SaleInsight:r Webhook:rcud SafeTransaction:rx SafeConfirmation:r",
  editor:
    "About:rcude Feature:rcude FeatureDescription:rcude Roadmap:rcude LandingBlock:rcude HomeImage:rcude HomePage:rcude Setting:rcude News:rcude NewsDescription:rcude Article:rcude ArticleImage:rcude ContactMessage:r",
  "sale-operator":
    "About:r Feature:r FeatureDescription:r Roadmap:r LandingBlock:r HomeImage:r HomePage:r Setting:r News:r NewsDescription:r Article:r ArticleImage:r Pool:rcudex IpWhitelistEntry:rcude LaunchPad:rcudex BlocklistEntry:rcudex ChainTransaction:re Contribution:re WhitelistEntry:re SaleInsight:r SafeTransaction:rx SafeConfirmation:r",
  viewer:
    "About:re Feature:re FeatureDescription:re Roadmap:re LandingBlock:re HomeImage:re HomePage:re Setting:re News:re NewsDescription:re Article:re ArticleImage:re ContactMessage:re Pool:re IpWhitelistEntry:re LaunchPad:re BlocklistEntry:re ChainTransaction:re",
  staff:
    "About:rcude Feature:rcude FeatureDescription:rcude Roadmap:rcude LandingBlock:rcude HomeImage:rcude HomePage:rcude Setting:rcude News:rcude NewsDescription:rcude Article:rcude ArticleImage:rcude ContactMessage:rde Pool:rcudex IpWhitelistEntry:rcude LaunchPad:rcude BlocklistEntry:rcudex ChainTransaction:re",
};
const ROLE_PERMISSIONS: Record<string, Permission[]> = Object.fromEntries(Object.entries(GRIDS).map(([role, text]) => [role, grid(text)]));

/** The permissions of a token's role; `staff`'s for a role the gateway does not build in. */
export const rolePermissions = (role: string): Permission[] => ROLE_PERMISSIONS[role] ?? ROLE_PERMISSIONS.staff;

/** The catalogue, without what an API token cannot hold (forTokens); a custom role only reads and exports users and roles. */
export const permissionCatalogue = (args: { forTokens?: boolean | null; forCustomRoles?: boolean | null }) =>
  CATALOGUE.filter((p) => !args.forTokens || !NOT_FOR_TOKENS.includes(p.resource)).map((p) =>
    args.forCustomRoles && ["User", "Role"].includes(p.resource) ? { ...p, actions: ["read", "export"] } : p,
  );
