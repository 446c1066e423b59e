import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from "type-graphql";
import { deviceOf } from "../auth/device";
import { Session } from "../resources/session";
import { DURING_TWO_FACTOR_SETUP } from "./authChecker";
import type { GqlContext } from "./context";
import { resourceTypes } from "./resourceTypes";

const session = resourceTypes(Session).object;

/**
 * Sessions you can see and end. allSessions lists the caller's own
 * sessions (everyone's for whoever may read sessions: resources/kit/service.ts);
 * here are what a row does not hold, and the mutations that end sessions.
 * @Authorized() refuses API tokens: they never manage sessions. One's own
 * sessions may be listed and ended while two-factor waits to be turned on.
 */
@Resolver(() => session)
export class SessionResolver {
  @FieldResolver(() => Boolean, { description: "This is the session of the request's token (this device)" })
  current(@Root() row: { jti?: string }, @Ctx() ctx: GqlContext): boolean {
    return Boolean(row.jti && ctx.user?.sessionId === row.jti);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The device in plain words, from the user agent ("Chrome on Windows")' })
  device(@Root() row: { userAgent?: string | null }): string | null {
    return deviceOf(row.userAgent);
  }

  @Mutation(() => Boolean, {
    description:
      "Ends a session (your own, or anyone's if you may manage users): its token stops working at once; false if it had already ended",
  })
  @Authorized(DURING_TWO_FACTOR_SETUP)
  endSession(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.auth.sessions.endSession(ctx.user, id, ctx.via);
  }

  @Mutation(() => Int, { description: "Ends all your other live sessions (this one goes on); answers how many were ended" })
  @Authorized(DURING_TWO_FACTOR_SETUP)
  endOtherSessions(@Ctx() ctx: GqlContext) {
    return ctx.services.auth.sessions.endOtherSessions(ctx.user, ctx.via);
  }

  @Mutation(() => Int, { description: "Ends every live session of a user (admins); answers how many were ended" })
  @Authorized()
  endUserSessions(@Arg("userId", () => ID) userId: string, @Ctx() ctx: GqlContext) {
    return ctx.services.auth.sessions.endUserSessions(ctx.user, userId, ctx.via);
  }
}
