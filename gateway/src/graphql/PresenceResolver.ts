import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import { announcePresence } from "../changes/presence";
import { PresenceLimiter } from "../changes/presenceLimits";
import type { Services } from "../services";
import type { GqlContext } from "./context";

/** One limiter per assembled product (a test process builds several, each with its own Redis prefix). */
const limiters = new WeakMap<Services, PresenceLimiter>();
const limiterOf = (services: Services) => {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new PresenceLimiter(services.config.subscriptions.presencePerMinute, {
      redis: services.redis,
      prefix: services.config.redis?.prefix ?? "",
    });
    limiters.set(services, limiter);
  }
  return limiter;
};

/** Who has a record open: heard on the change stream, never stored, no lock taken. */
@Resolver()
export class PresenceResolver {
  @Mutation(() => Boolean, {
    description:
      "Tells the users who may read the resource that you have this record open (open: true, every ~10 s while it stays open) or closed it: " +
      "they hear it on the change stream as op presence or presence-end; nothing is written or audited. " +
      "At most PRESENCE_PER_MINUTE calls a minute per user (TOO_MANY_REQUESTS beyond)",
  })
  @Authorized()
  async announcePresence(
    @Arg("resource", { description: "The GraphQL type name (News, BlocklistEntry...)" }) resource: string,
    @Arg("id", () => ID, { description: "The record's id (a whole number)" }) id: string,
    @Arg("open") open: boolean,
    @Arg("tab", () => String, { nullable: true, description: "Your admin tab, so that your other tabs tell it apart" }) tab: string | null,
    @Ctx() ctx: GqlContext,
  ): Promise<boolean> {
    const user = ctx.user!;
    // Checked (and refused) before it is counted: a malformed call costs its caller nothing but is never told.
    return announcePresence(ctx.services.changes, user, { resource, id, open, tab }, () => limiterOf(ctx.services).take(user.id));
  }
}
