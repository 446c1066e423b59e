import { Arg, Ctx, Field, GraphQLISODateTime, ID, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { AuditEvent } from "../resources/auditEvent";
import type { GqlContext } from "./context";
import { resourceTypes } from "./resourceTypes";

@ObjectType({ description: "One event of a record's history, with the record's values right after it" })
class Revision {
  @Field(() => ID) eventId: number;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => String) actorName: string;
  @Field(() => String, { description: "create, update, delete, restore or status" }) operation: string;
  @Field(() => [String], { description: "The fields that event changed" }) fields: string[];
  @Field(() => String, {
    description: "JSON text of the record's field values after the event (for a delete: the values it had), secrets left out",
  })
  values: string;
}

/** A record's history and restoring one of its revisions (admins); the events themselves are the AuditEvent resource. */
@Resolver()
export class AuditResolver {
  @Query(() => [Revision], { description: "A content record's history, newest first, including its delete if it was deleted (admins)" })
  revisions(@Arg("resource", () => String) resource: string, @Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.revisions.list(resource, id, ctx.user);
  }

  @Mutation(() => resourceTypes(AuditEvent).object, {
    description:
      "Writes a revision's values back as a new change (itself audited); a deletion's revision recreates the record with its id. Answers the new event (admins)",
  })
  restoreRevision(@Arg("eventId", () => ID) eventId: string, @Ctx() ctx: GqlContext) {
    return ctx.services.revisions.restore(eventId, ctx.user, ctx.via);
  }
}
