import type { Permission } from "./permissions";

/**
 * The signed-in session kept in localStorage: the token and the user's name, as
 * the legacy admin stored them, and what the user may do (`me { permissions }`).
 * The token is a JWT whose payload says who and until when; nothing here
 * verifies its signature (the gateway does).
 */
export const TOKEN_KEY = "token";
export const NAME_KEY = "name";
const SIGNED_OUT_KEY = "signedOutReason";
const TWO_FACTOR_SETUP_KEY = "mustSetUpTwoFactor";
const PERMISSIONS_KEY = "permissions";

/** REQUIRE_TWO_FACTOR: the gateway allows this session nothing but the two-factor setup until it is on. */
export const mustSetUpTwoFactor = () => localStorage.getItem(TWO_FACTOR_SETUP_KEY) === "1";
export function setMustSetUpTwoFactor(required: boolean) {
  if (required) localStorage.setItem(TWO_FACTOR_SETUP_KEY, "1");
  else localStorage.removeItem(TWO_FACTOR_SETUP_KEY);
}

export interface TokenPayload {
  sub?: string;
  name?: string;
  email?: string;
  role?: string;
  exp?: number;
  iat?: number;
}

export interface Session {
  token: string;
  name: string | null;
  payload: TokenPayload;
}

const base64UrlDecode = (part: string) => {
  const b64 = part
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(part.length / 4) * 4, "=");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/** The payload of a JWT, or null when the text is not one. */
export function decodeToken(token: string | null | undefined): TokenPayload | null {
  if (!token) return null;
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const payload = JSON.parse(base64UrlDecode(parts[1]));
    return payload && typeof payload === "object" && Object.keys(payload).length > 0 ? payload : null;
  } catch {
    return null;
  }
}

/** Expiry is compared in seconds, as the token states it. */
export const isExpired = (payload: TokenPayload, nowMs = Date.now()) =>
  typeof payload.exp === "number" && payload.exp < Math.floor(nowMs / 1000);

/** The stored session, expired or not; null when there is none or the token is not a JWT. */
export function readSession(): Session | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const payload = decodeToken(token);
  if (!token || !payload) return null;
  return { token, name: localStorage.getItem(NAME_KEY), payload };
}

/** The stored session when it is still valid. */
export function activeSession(nowMs = Date.now()): Session | null {
  const session = readSession();
  return session && !isExpired(session.payload, nowMs) ? session : null;
}

const listeners = new Set<() => void>();

/** Calls `listener` after this tab saves or clears the session (useSyncExternalStore's subscribe); gives the unsubscribe. */
export function onSessionChange(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const changed = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

export function saveSession(token: string, name: string) {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(NAME_KEY, name);
  localStorage.removeItem(PERMISSIONS_KEY);
  changed();
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  takenReason = null;
}

export type SignedOutReason = "expired";

export function clearSession(reason?: SignedOutReason) {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(NAME_KEY);
  localStorage.removeItem(TWO_FACTOR_SETUP_KEY);
  localStorage.removeItem(PERMISSIONS_KEY);
  // A later clearing without a reason (a stale request's refusal, the change stream's) keeps the one already given:
  // only the next sign-in forgets it (saveSession).
  if (reason) sessionStorage.setItem(SIGNED_OUT_KEY, reason);
  changed();
}

/**
 * The reason taken out of sessionStorage: the login screen can mount twice while the app settles on the
 * stored token's absence, and the second mount must still say why (the next sign-in forgets it).
 */
let takenReason: SignedOutReason | null = null;

/** Why the user was last signed out: taken out of sessionStorage, so a reload of the login screen does not repeat it. */
export function takeSignedOutReason(): SignedOutReason | null {
  const stored = sessionStorage.getItem(SIGNED_OUT_KEY) as SignedOutReason | null;
  sessionStorage.removeItem(SIGNED_OUT_KEY);
  takenReason = stored ?? takenReason;
  return takenReason;
}

/** The name shown in the top bar: the stored one, or 'Admin'. */
export const displayName = () => localStorage.getItem(NAME_KEY) || "Admin";

/** What the session's user may do, as `me { permissions }` last said (null: not read yet). */
export function readPermissions(): Permission[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PERMISSIONS_KEY) ?? "null");
    return Array.isArray(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function savePermissions(permissions: Permission[]) {
  localStorage.setItem(PERMISSIONS_KEY, JSON.stringify(permissions));
}
