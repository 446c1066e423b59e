import { Arg, Authorized, Ctx, ID, Mutation, Resolver } from "type-graphql";
import { announcePresence } from "../changes/presence";
import type { GqlContext } from "./context";

/** Who has a record open: heard on the change stream, never stored, no lock taken. */
@Resolver()
export class PresenceResolver {
  @Mutation(() => Boolean, {
    description:
      "Tells the users who may read the resource that you have this record open (open: true, every ~10 s while it stays open) or closed it: " +
      "they hear it on the change stream as op presence or presence-end; nothing is written or audited",
  })
  @Authorized()
  announcePresence(
    @Arg("resource", { description: "The GraphQL type name (News, BlocklistEntry...)" }) resource: string,
    @Arg("id", () => ID) id: string,
    @Arg("open") open: boolean,
    @Arg("tab", () => String, { nullable: true, description: "Your admin tab, so that your other tabs tell it apart" }) tab: string | null,
    @Ctx() ctx: GqlContext,
  ): boolean {
    return announcePresence(ctx.services.changes, ctx.user!, { resource, id, open, tab });
  }
}
