/**
 * Permissions as data: a role grants actions on resources (the GraphQL type
 * names). What each resource offers follows from its declaration (its
 * operations, its `area`), so a new resource needs no second list here.
 */
export const ACTIONS = ["read", "create", "update", "delete", "export", "chain"] as const;
export type PermAction = (typeof ACTIONS)[number];

/** The records a chain transaction or a reconcile acts on: only they take `chain` (on SafeTransaction: propose and confirm). */
export const CHAIN_RESOURCES = ["LaunchPad", "Pool", "BlocklistEntry", "SafeTransaction"];
/** Reads that are not a resource's rows: the presale figures of the chain indexer (presaleStats, presaleTimeline, chainIndexStatus). */
export const SALE_INSIGHT = "SaleInsight";
/** Webhook endpoints and their deliveries (webhooks/): read, create, update, delete; the admin role's alone among the built-in roles. */
export const WEBHOOK = "Webhook";

/** An API token never manages people, roles, sessions, tokens or webhooks (two-factor and signing out, outside the grid, are refused to it too: auth/access.ts). */
export const NOT_FOR_TOKENS = ["User", "Role", "Session", "ApiToken", WEBHOOK];

/** A role's grant, resource → actions. */
export type Grid = ReadonlyMap<string, ReadonlySet<PermAction>>;
/** A grid as the API and the database carry it. */
export interface Permission {
  resource: string;
  actions: string[];
}

/** Who may call an operation outside the resource grid: anyone, or any signed-in user (sign-out, two-factor, `me`). */
export type Access = "public" | "user" | "admin";

/** The resources a built-in role is described by (resources/kit/define.ts `area`). */
export type Area = "content" | "messages" | "sale" | "security";

/** What a resource offers: read and export always, the writes its declaration offers, chain on the chain records. */
export function actionsOf(resource: Pick<Grantable, "name" | "operations">): PermAction[] {
  const { create, update, delete: remove } = resource.operations;
  return [
    "read",
    ...(create ? (["create"] as const) : []),
    ...(update ? (["update"] as const) : []),
    ...(remove ? (["delete"] as const) : []),
    "export",
    ...(CHAIN_RESOURCES.includes(resource.name) ? (["chain"] as const) : []),
  ];
}

/** What the grid needs of a resource's declaration (resources/kit/define.ts), named here so that auth depends on no resource. */
export interface Grantable {
  name: string;
  operations: { create: boolean; update: boolean; delete: boolean };
  access: { read: Access; write: Access };
  area: Area;
}

/** Every resource (plus sale insight and webhooks) and the actions it offers: the grid an admin edits custom roles on. */
export function catalogueOf(resources: readonly Grantable[]): Map<string, PermAction[]> {
  const catalogue = new Map(resources.map((resource) => [resource.name, actionsOf(resource)]));
  catalogue.set(SALE_INSIGHT, ["read"]);
  catalogue.set(WEBHOOK, ["read", "create", "update", "delete"]);
  return catalogue;
}

const grid = (entries: [string, PermAction[]][]): Grid =>
  new Map(entries.filter(([, actions]) => actions.length).map(([r, a]) => [r, new Set(a)]));
const reads = (actions: PermAction[]) => actions.filter((action) => action === "read");
const readsAndExports = (actions: PermAction[]) => actions.filter((action) => action === "read" || action === "export");

/**
 * The built-in roles, from the declarations. `staff` is not built in (the
 * migration creates it as a custom role, editable) but its grid is written
 * here too: today's non-admin rights, which the upgrade gives existing users.
 */
export function builtInGrids(resources: readonly Grantable[]): Record<string, Grid> {
  const byName = new Map(resources.map((resource) => [resource.name, resource]));
  const all = [...catalogueOf(resources)];
  const areaOf = (name: string): Area => byName.get(name)?.area ?? (name === WEBHOOK ? "security" : "sale");
  // Webhooks carry records out of the product: only the admin role (and custom roles given them) manages them.
  const signedInReads = (name: string) => name === SALE_INSIGHT || (name !== WEBHOOK && byName.get(name)?.access.read !== "admin");
  return {
    admin: grid(all),
    editor: grid(
      all.map(([name, actions]) => [name, areaOf(name) === "content" ? actions : areaOf(name) === "messages" ? reads(actions) : []]),
    ),
    "sale-operator": grid(
      all.map(([name, actions]) => [name, areaOf(name) === "sale" ? actions : areaOf(name) === "content" ? reads(actions) : []]),
    ),
    // What a non-admin reads today (not the sale insight, admin-only until now); users are not among it, so never exported.
    viewer: grid(all.map(([name, actions]) => [name, name !== SALE_INSIGHT && signedInReads(name) ? readsAndExports(actions) : []])),
    staff: grid(
      all.map(([name, actions]) => {
        const resource = byName.get(name);
        if (!resource || resource.access.read === "admin") return [name, []];
        const writes = resource.access.write === "admin" ? [] : actions.filter((a) => a !== "read" && a !== "export" && a !== "chain");
        // Recording a transaction was open to every signed-in user; reconcile (chain on LaunchPad) was admin-only.
        const chain = name !== "LaunchPad" && actions.includes("chain") ? (["chain"] as const) : [];
        return [name, [...readsAndExports(actions), ...writes, ...chain]];
      }),
    ),
  };
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
