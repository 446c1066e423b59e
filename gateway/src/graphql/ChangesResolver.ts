import { Arg, Field, ID, Int, ObjectType, Resolver, Root, Subscription } from "type-graphql";
import { UnauthenticatedError, ValidationError } from "../errors";
import type { Change } from "../changes/feed";
import { changeStream, unknownResources } from "../changes/subscription";
import type { GqlContext } from "./context";
import { toGraphQLError } from "./errors";

@ObjectType("Change", { description: "One committed write: read the record itself for its values (what you may read of it)" })
class ChangeType implements Change {
  @Field({ description: "The GraphQL type name of what was written (News, BlocklistEntry...)" })
  resource!: string;

  @Field(() => ID, { nullable: true })
  id!: string | null;

  @Field({ description: "create, update, delete, restore or status" })
  op!: string;

  @Field(() => Int, { nullable: true, description: "The record's version after the write, when it keeps one" })
  version!: number | null;

  @Field(() => String, { nullable: true, description: "Who wrote it (system for the gateway itself)" })
  actor!: string | null;

  @Field({ description: "When it was written (ISO 8601)" })
  at!: string;

  @Field(() => String, { nullable: true, description: "The admin tab that announced a presence (announcePresence); null for writes" })
  tab!: string | null;
}

/** What a subscription's context adds: the stream's user as it is now (GET/POST /graphql/stream, graphql/stream.ts). */
export interface StreamContext extends GqlContext {
  recheck: () => Promise<GqlContext["user"]>;
  /** Settles once the connection has room for the next change (graphql/streamWriter.ts). */
  room: () => Promise<void> | undefined;
  /** Closes the connection of a stream that fell too far behind. */
  behind: () => void;
  /** Closes the connection of a stream that may have missed changes (Redis cut). */
  lost: () => void;
}

@Resolver()
export class ChangesResolver {
  @Subscription(() => ChangeType, {
    description:
      "Every committed write from now on (and who opens or closes a record: op presence, presence-end), of the resources you may read (over Server-Sent Events at /graphql/stream); ends when your session does",
    subscribe: ({ args, context }) => {
      const ctx = context as StreamContext;
      if (!ctx.user) throw new UnauthenticatedError("Sign in first: a valid, unexpired token is required");
      const { resources } = args as { resources?: string[] | null };
      // A stream of names no change carries would never say anything: the caller learns of the typo at once.
      const unknown = unknownResources(resources ?? []);
      if (unknown.length) {
        const names = unknown
          .slice(0, 10)
          .map((name) => JSON.stringify(name.slice(0, 64)))
          .join(", ");
        throw toGraphQLError(
          new ValidationError({ resources: `Unknown resources: ${names} (name them by their GraphQL type, e.g. News)` }),
        );
      }
      return changeStream({
        feed: ctx.services.changes,
        user: ctx.user,
        resources,
        recheck: ctx.recheck,
        recheckMs: ctx.services.config.subscriptions.recheckMs,
        maxQueued: ctx.services.config.subscriptions.maxBehind,
        room: ctx.room,
        behind: ctx.behind,
        lost: ctx.lost,
      });
    },
  })
  changes(
    @Root() change: Change,
    @Arg("resources", () => [String], { nullable: true, description: "Only these resources (GraphQL type names); all when absent" })
    _resources?: string[],
  ): Change {
    return change;
  }
}
