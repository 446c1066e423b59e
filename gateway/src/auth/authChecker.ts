import type { AuthChecker } from "type-graphql";
import { ForbiddenError, UnauthenticatedError } from "../errors";
import type { GqlContext } from "../graphql/context";

/** Resolvers marked @Authorized() need a signed-in user; @Authorized("admin") needs that role. */
export const authChecker: AuthChecker<GqlContext> = ({ context }, roles) => {
  if (!context.user) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
  if (roles.length && !roles.includes(context.user.role)) throw new ForbiddenError(`This needs the ${roles.join(" or ")} role`);
  return true;
};
