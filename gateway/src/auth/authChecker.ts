import type { AuthChecker } from "type-graphql";
import { ForbiddenError, TwoFactorSetupRequiredError, UnauthenticatedError } from "../errors";
import type { GqlContext } from "../graphql/context";

/** Marks what a user may still do while REQUIRE_TWO_FACTOR waits for them to turn two-factor on. */
export const DURING_TWO_FACTOR_SETUP = "during-two-factor-setup";

/**
 * Resolvers marked @Authorized() need a signed-in user; @Authorized("admin")
 * needs that role. Under REQUIRE_TWO_FACTOR a user without two-factor may only
 * call what is marked DURING_TWO_FACTOR_SETUP.
 */
export const authChecker: AuthChecker<GqlContext> = ({ context }, roles) => {
  const user = context.user;
  if (!user) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  if (user.mustSetUpTwoFactor && !roles.includes(DURING_TWO_FACTOR_SETUP)) {
    throw new TwoFactorSetupRequiredError("Turn two-factor sign-in on first (Security page): it is required for every account");
  }
  const needed = roles.filter((r) => r !== DURING_TWO_FACTOR_SETUP);
  if (needed.length && !needed.includes(user.role)) throw new ForbiddenError(`This needs the ${needed.join(" or ")} role`);
  return true;
};
