import type { AuthChecker } from "type-graphql";
import type { GqlContext } from "./context";
import { authorize, authorizeTo, authorizeToAny } from "../auth/access";
import type { PermAction } from "../auth/permissions";
import { chainResources } from "../auth/roles";
import { toGraphQLError } from "./errors";

/** Marks what a user may still do while REQUIRE_TWO_FACTOR waits for them to turn two-factor on. */
export const DURING_TWO_FACTOR_SETUP = "during-two-factor-setup";

/**
 * type-graphql's face of auth/access.ts, for the resolvers outside the resource
 * services (sign-in, chain, sale insight): @Authorized() needs a signed-in
 * user, @Authorized("read:SaleInsight") that permission ("chain:*": chain on
 * any chain record), @Authorized(DURING_TWO_FACTOR_SETUP) stays open while
 * two-factor waits to be set up.
 */
export const authChecker: AuthChecker<GqlContext> = ({ context }, roles) => {
  try {
    const needs = roles.filter((role) => role.includes(":")).map((role) => role.split(":") as [PermAction, string]);
    const user = context.user && { ...context.user, via: context.via };
    const [need] = needs;
    if (need && need[1] === "*")
      authorizeToAny(
        chainResources().map((resource) => ({ action: need[0], resource })),
        user,
      );
    else if (need) authorizeTo({ action: need[0], resource: need[1] }, user);
    else authorize("user", user, { duringTwoFactorSetup: roles.includes(DURING_TWO_FACTOR_SETUP) });
  } catch (e) {
    // type-graphql checks access before the global middlewares run, so this one translates its own refusal.
    throw toGraphQLError(e);
  }
  return true;
};
