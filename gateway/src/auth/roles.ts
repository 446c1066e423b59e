import { BlockList, isIP } from "net";
import { builtInGrids, type Grantable, type Grid, gridOf, type PermAction, type Permission, type Policy } from "./permissions";

/** What a signed-in user's role lets them do, read with their session (auth/sessionStore.ts). */
export interface RoleRules {
  name: string;
  grant: Grid;
  requireTwoFactor: boolean;
  /** Where the role may be used from; undefined: anywhere. */
  allowed?: BlockList;
}

/** A role's row as the session lookup reads it (JSON columns as text). */
export interface RoleRow {
  name: string;
  builtIn: unknown;
  permissions: unknown;
  requireTwoFactor: unknown;
  ipAllowlist: unknown;
  version: unknown;
}

let book: { catalogue: Map<string, readonly PermAction[]>; policies: Map<string, Policy>; builtIn: Record<string, Grid> } | undefined;

/** Told every resource and permission (grantables.ts) by the code that assembles the services (services.ts). */
export function grantable(grantables: readonly Grantable[]) {
  book = {
    catalogue: new Map(grantables.map(({ name, actions }) => [name, actions])),
    policies: new Map(grantables.map(({ name, policy }) => [name, policy])),
    builtIn: builtInGrids(grantables),
  };
}
const bookOf = () => {
  if (!book) throw new Error("No resource is known to the roles: the services were not assembled");
  return book;
};

/** Every resource and the actions it offers (the grid of the Roles screen). */
export const catalogue = () => bookOf().catalogue;
/** What the grid alone cannot say about a resource (nothing for a name that is not one). */
export const policyOf = (resource: string): Policy => bookOf().policies.get(resource) ?? {};
/** The resources that take the `chain` action. */
export const chainResources = () => [...catalogue()].filter(([, actions]) => actions.includes("chain")).map(([name]) => name);
/** The grid of a built-in role. */
export const builtInGrid = (name: string): Grid | undefined => bookOf().builtIn[name];

/** `a.b.c.d/n`, `a:b::/n` or a single address: its address, prefix and family; undefined when it is not one. */
export function parseCidr(text: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | undefined {
  const [address, prefixText, extra] = text.trim().split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= max)) return undefined;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** A JSON list column as the raw lookup returns it (text; already parsed by some drivers); anything else is an empty list. */
function listOf<T>(value: unknown): T[] {
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(parsed) ? (parsed as T[]) : [];
}

const known = new Map<string, RoleRules>();

/**
 * The rules of a role row, made once per content of the row (not per version:
 * a role deleted and made again under its name starts at version 1 again).
 */
export function rulesOf(row: RoleRow): RoleRules {
  const key = [row.name, row.builtIn, row.requireTwoFactor, row.permissions, row.ipAllowlist].map((value) => String(value)).join("\n");
  let rules = known.get(key);
  if (rules) return rules;
  const builtIn = Boolean(Number(row.builtIn));
  const cidrs = listOf<string>(row.ipAllowlist).flatMap((text) => parseCidr(text) ?? []);
  let allowed: BlockList | undefined;
  if (cidrs.length) {
    allowed = new BlockList();
    for (const { address, prefix, family } of cidrs) allowed.addSubnet(address, prefix, family);
  }
  rules = {
    name: row.name,
    grant: (builtIn && builtInGrid(row.name)) || gridOf(listOf<Permission>(row.permissions), catalogue()),
    requireTwoFactor: Boolean(Number(row.requireTwoFactor)),
    allowed,
  };
  if (known.size > 1000) known.clear();
  known.set(key, rules);
  return rules;
}

/** The rules of a user whose role row is missing (a role removed under them): nothing granted. */
export const noRules = (name: string): RoleRules => ({ name, grant: new Map(), requireTwoFactor: false });

/** The rules of a user read with their role's row joined (`role`, `roleRow` null when the role is gone, its columns). */
export const rulesOfJoined = (row: Record<string, unknown>): RoleRules =>
  row.roleRow === null || row.roleRow === undefined
    ? noRules(String(row.role))
    : rulesOf({
        name: String(row.role),
        builtIn: row.builtIn,
        permissions: row.permissions,
        requireTwoFactor: row.requireTwoFactor,
        ipAllowlist: row.ipAllowlist,
        version: row.roleVersion,
      });

/** Whether an address is in a role's allowlist (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function allowedFrom(allowed: BlockList, ip: string | undefined): boolean {
  if (!ip) return false;
  const plain = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(plain);
  return family !== 0 && allowed.check(plain, family === 4 ? "ipv4" : "ipv6");
}
