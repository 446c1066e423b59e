/**
 * Permissions as data: a role grants actions on resources (the GraphQL type
 * names). Each resource declares, once, what it offers and the rules the grid
 * cannot express (its `policy`); the built-in roles are one table over the
 * resources' areas. A new resource needs no second list here.
 */
export const ACTIONS = ["read", "create", "update", "delete", "export", "chain"] as const;
export type PermAction = (typeof ACTIONS)[number];

/**
 * Which built-in grants cover a resource: site content, contact messages, the sale's public records, its
 * buyers' money and the treasury (contributions, whitelist, figures, Safe proposals), or people and security.
 */
export type Area = "content" | "messages" | "sale" | "funds" | "security";

/** What the grid alone cannot say about a resource. */
export interface Policy {
  /** Anyone reads it, signed in or not, with no permission: the public site's content. */
  publicRead?: boolean;
  /** It takes the `chain` action: a transaction signed from a wallet acts on it. */
  chain?: boolean;
  /** People, roles, sessions, tokens, webhooks: managed by a signed-in person, never by an API token. */
  personal?: boolean;
  /**
   * Writing it gives someone rights (users, roles): a custom role may read and export it, never write it, so
   * nobody grants themselves more than the built-in administrators gave them.
   */
  givesRights?: boolean;
}

/** What the grid knows of a resource (resources/kit/define.ts, and the permissions that are not a table: sale insight, webhooks). */
export interface Grantable {
  name: string;
  area: Area;
  /** The actions it offers, in grid order. */
  actions: readonly PermAction[];
  policy: Policy;
}

/** A role's grant, resource → actions. */
export type Grid = ReadonlyMap<string, ReadonlySet<PermAction>>;
/** A grid as the API and the database carry it. */
export interface Permission {
  resource: string;
  actions: string[];
}

/** What a resource offers: read and export always, the writes its declaration offers, chain when its policy says so. */
export function actionsOf(operations: { create: boolean; update: boolean; delete: boolean }, policy: Policy): PermAction[] {
  return ACTIONS.filter((action) => (action === "chain" ? policy.chain : action === "read" || action === "export" || operations[action]));
}

const ALL = ACTIONS;
const READ = ["read"] as const;
const READ_EXPORT = ["read", "export"] as const;

/**
 * The built-in roles, one row each: per area, the actions granted on every resource of the area (those it
 * offers). `staff`, the role an upgrade gives earlier non-admin users, is a custom role written by its migration.
 */
// prettier-ignore
export const BUILT_IN_ROLES: Record<string, Partial<Record<Area, readonly PermAction[]>>> = {
  admin:           { content: ALL,         messages: ALL,         sale: ALL,         funds: ALL, security: ALL },
  editor:          { content: ALL,         messages: READ },
  "sale-operator": { content: READ,                               sale: ALL,         funds: ALL },
  viewer:          { content: READ_EXPORT, messages: READ_EXPORT, sale: READ_EXPORT },
};

const grid = (entries: [string, readonly PermAction[]][]): Grid =>
  new Map(entries.filter(([, actions]) => actions.length).map(([r, a]) => [r, new Set(a)]));

/** The built-in roles' grids over these resources. */
export function builtInGrids(catalogue: readonly Grantable[]): Record<string, Grid> {
  return Object.fromEntries(
    Object.entries(BUILT_IN_ROLES).map(([role, areas]) => [
      role,
      grid(catalogue.map(({ name, area, actions }) => [name, actions.filter((action) => areas[area]?.includes(action))])),
    ]),
  );
}

/** A grid as a list of permissions, in catalogue order. */
export const permissionsOf = (grant: Grid): Permission[] =>
  [...grant].map(([resource, actions]) => ({ resource, actions: ACTIONS.filter((action) => actions.has(action)) }));

/** A stored list of permissions as a grid (what the catalogue does not offer is left out). */
export function gridOf(permissions: readonly Permission[], catalogue: ReadonlyMap<string, readonly PermAction[]>): Grid {
  const entries: [string, PermAction[]][] = [];
  for (const { resource, actions } of permissions) {
    const offered = catalogue.get(resource);
    if (offered) entries.push([resource, offered.filter((action) => actions.includes(action))]);
  }
  return grid(entries);
}
