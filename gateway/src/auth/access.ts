import { SYSTEM_VIA } from "../audit/via";
import { ForbiddenError, TwoFactorSetupRequiredError, UnauthenticatedError } from "../errors";
import type { PermAction } from "./permissions";
import { allowedFrom, builtInGrid, policyOf } from "./roles";
import type { AuthUser } from "./tokens";

/** Who may call an operation outside the resource grid: anyone, or a signed-in person (sign-out, two-factor, `me`). */
export type Access = "public" | "user";

/** The gateway acting on its own behalf (chain imports, registration, seeding): no access check applies. */
export const SYSTEM = Symbol("system");

/** Who asks: a signed-in user, an anonymous caller (undefined), or the gateway itself. */
export type Actor = AuthUser | undefined | typeof SYSTEM;

export interface AccessOptions {
  /** Still allowed while two-factor waits to be turned on (signing out, the setup itself). */
  duringTwoFactorSetup?: boolean;
}

/** What is asked: an action on a resource (its GraphQL type name); the resource's policy says what the grid cannot. */
export interface Need {
  action: PermAction;
  resource: string;
}

/** The signed-in user's grid: the one their session read, else their built-in role's. */
const grantOf = (user: AuthUser) => user.grant ?? builtInGrid(user.role) ?? new Map();

/** A signed-in user past two-factor and the role's allowlist (401/403 otherwise). */
function signedIn(actor: AuthUser | undefined, options: AccessOptions): AuthUser {
  if (!actor) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  if (actor.mustSetUpTwoFactor && !options.duringTwoFactorSetup) {
    throw new TwoFactorSetupRequiredError(
      `Turn two-factor sign-in on first (Security page): it is required for ${actor.roleRequiresTwoFactor ? `the role ${actor.role}` : "every account"}`,
    );
  }
  if (actor.allowed && !allowedFrom(actor.allowed, actor.via?.ip)) {
    throw new ForbiddenError(`Your role (${actor.role}) may not be used from this address (${actor.via?.ip ?? "unknown"})`);
  }
  return actor;
}

/**
 * The access rule of the operations outside the resource grid: 401 without a
 * valid token, and while two-factor waits to be set up nothing but the setup.
 */
export function authorize(access: Access, actor: Actor, options: AccessOptions = {}): void {
  if (actor === SYSTEM || access === "public") return;
  const user = signedIn(actor, options);
  // What is outside the grid is a person's: signing out, two-factor, sessions, tokens, user management.
  if (user.apiToken) throw new ForbiddenError(`An API token may not do this (sign in as ${user.name} instead)`);
}

/** Whether the caller may do this (no error, nothing recorded): what the admin and the answer caches ask. */
export function may(need: Need, actor: Actor): boolean {
  try {
    check(need, actor, {}, false);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one permission check of the product, called by the resource services
 * (so GraphQL, REST, exports, restores and revisions obey it) and by the
 * services outside them (chain, Safe, sale insight, webhooks, tokens): reads of
 * a resource whose policy is `publicRead` are open; the rest needs a signed-in
 * user whose role grants the action on the resource, and an API token never
 * acts on a `personal` resource.
 * A refusal names role, action and resource, and is recorded in the audit trail.
 */
export function authorizeTo(need: Need, actor: Actor, options: AccessOptions = {}): void {
  check(need, actor, options, true);
}

function check(need: Need, actor: Actor, options: AccessOptions, record: boolean) {
  if (actor === SYSTEM) return;
  const policy = policyOf(need.resource);
  if (need.action === "read" && policy.publicRead) return;
  const user = signedIn(actor, options);
  const token = user.apiToken;
  const barred = token !== undefined && policy.personal === true;
  if (!barred && grantOf(user).get(need.resource)?.has(need.action)) return;
  if (record) user.denied?.(user, need, user.via ?? SYSTEM_VIA);
  if (token)
    throw new ForbiddenError(
      barred
        ? `An API token may not ${need.action} ${need.resource}: users, roles, sessions and tokens are managed by a signed-in person`
        : `The API token ${token.name} may not ${need.action} ${need.resource}`,
    );
  throw new ForbiddenError(`Your role (${user.role}) may not ${need.action} ${need.resource}`);
}

/** Any of these (recording a chain transaction: chain on any chain record). */
export function authorizeToAny(needs: Need[], actor: Actor, options: AccessOptions = {}): void {
  if (needs.some((need) => may(need, actor))) return;
  authorizeTo(needs[0], actor, options);
}

/** The user an actor stands for, if any (hooks see the gateway itself as nobody). */
export const userOf = (actor: Actor): AuthUser | undefined => (actor === SYSTEM ? undefined : actor);

/** Who may be sent a kept answer (cache/): anyone, or a signed-in caller whose role allows each of these reads. */
export type Readers = "public" | readonly Need[];

/**
 * Whether the caller may be sent a kept answer. The rows of a read are the
 * same for everyone allowed to read them, so one kept answer serves every
 * role that passes this check, and none that does not, on every request.
 */
export const mayRead = (readers: Readers, actor: Actor): boolean =>
  readers === "public" || (actor !== undefined && readers.every((need) => may(need, actor)));
