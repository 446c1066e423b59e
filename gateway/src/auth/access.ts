import { ForbiddenError, TwoFactorSetupRequiredError, UnauthenticatedError } from "../errors";
import type { AuthUser } from "./tokens";

/** Who may call an operation: anyone, any signed-in user, or an admin. */
export type Access = "public" | "user" | "admin";

/** The gateway acting on its own behalf (chain imports, registration, seeding): no access check applies. */
export const SYSTEM = Symbol("system");

/** Who asks: a signed-in user, an anonymous caller (undefined), or the gateway itself. */
export type Actor = AuthUser | undefined | typeof SYSTEM;

export interface AccessOptions {
  /** Still allowed while REQUIRE_TWO_FACTOR waits for the user to turn two-factor on (signing out, the setup itself). */
  duringTwoFactorSetup?: boolean;
}

/**
 * The one access rule of the product, called by the resource services and, for
 * the few operations outside them, by each transport: 401 without a valid
 * token, 403 without the role, and under REQUIRE_TWO_FACTOR nothing but the
 * setup until two-factor is on.
 */
export function authorize(access: Access, actor: Actor, options: AccessOptions = {}): void {
  if (actor === SYSTEM || access === "public") return;
  if (!actor) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  if (actor.mustSetUpTwoFactor && !options.duringTwoFactorSetup) {
    throw new TwoFactorSetupRequiredError("Turn two-factor sign-in on first (Security page): it is required for every account");
  }
  if (access === "admin" && actor.role !== "admin") throw new ForbiddenError("This needs the admin role");
}

/** The user an actor stands for, if any (hooks see the gateway itself as nobody). */
export const userOf = (actor: Actor): AuthUser | undefined => (actor === SYSTEM ? undefined : actor);
