import { createHmac } from "crypto";
import type { Permission } from "./permissions";

/** `pk_<public id>_<secret>`: the public id finds the row, the secret is checked against its keyed hash. */
export const TOKEN_FORMAT = /^pk_([0-9a-f]{16})_([A-Za-z0-9_-]{43,128})$/;
export const TOKEN_TABLE = "api_tokens";

/** Whether a bearer value is meant as an API token (then only a valid token authenticates it). */
export const isApiToken = (value: string) => value.startsWith("pk_");

/** What is stored of a token's secret: its HMAC-SHA-256 keyed with API_TOKEN_SECRET, so a stolen database gives no usable token. */
export const secretHash = (key: string, secret: string) => createHmac("sha256", key).update(secret).digest();

/** Token times are stored as seconds since 1970. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token's own permissions as stored (JSON); null: none of its own, or unreadable. */
export function permissionList(value: unknown): Permission[] | null {
  if (value === null || value === undefined) return null;
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? (parsed as Permission[]) : null;
  } catch {
    return null;
  }
}
