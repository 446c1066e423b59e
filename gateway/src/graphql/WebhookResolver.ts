import {
  Arg,
  Args,
  ArgsType,
  Ctx,
  Field,
  GraphQLISODateTime,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from "type-graphql";
import { DELIVERY_SORT_FIELDS, DELIVERY_STATUSES, WEBHOOK_SORT_FIELDS } from "../webhooks/views";
import { WEBHOOK_OPERATIONS } from "../webhooks/payload";
import type { GqlContext } from "./context";
import { ListMetadata } from "./resourceTypes";

@ObjectType({ description: "An endpoint that receives signed deliveries (Standard Webhooks) of the changes it follows" })
class Webhook {
  @Field(() => ID) id: string;
  @Field(() => String, { description: "Where deliveries are POSTed (https://)" }) url: string;
  @Field(() => String, { nullable: true }) description: string | null;
  @Field(() => [String], { description: "The GraphQL type names it follows" }) resources: string[];
  @Field(() => [String], { description: `Among ${WEBHOOK_OPERATIONS.join(", ")}` }) operations: string[];
  @Field(() => Boolean) enabled: boolean;
  @Field(() => Int, { description: "Failed deliveries in a row (a delivered one resets it)" }) consecutiveFailures: number;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it was disabled after too many failed deliveries in a row" })
  disabledAt: Date | null;
  @Field(() => String, { nullable: true, description: "Why it was disabled (the failures, the last error)" }) disabledReason: string | null;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime) updatedAt: Date;
}

@ObjectType({ description: "A new endpoint: `secret` is the only time its signing secret is shown" })
class NewWebhook {
  @Field(() => String, { description: "whsec_…: verify each delivery's webhook-signature with it; keep it, it is not shown again" })
  secret: string;
  @Field(() => Webhook) webhook: Webhook;
}

@ObjectType({ description: "One delivery of a change (or a test event) to an endpoint, with its attempts so far" })
class WebhookDelivery {
  @Field(() => ID) id: string;
  @Field(() => ID) webhookId: string;
  @Field(() => String, { description: "The webhook-id header: the same on every attempt" }) webhookMessageId: string;
  @Field(() => String, { description: "`<resource>.<operation>` or webhook.test" }) eventType: string;
  @Field(() => String, { description: DELIVERY_STATUSES.join(", ") }) status: string;
  @Field(() => Int) attempts: number;
  @Field(() => Int, { nullable: true, description: "The last attempt's HTTP status; null when none came" }) responseStatus: number | null;
  @Field(() => Int, { nullable: true, description: "The last attempt's time, in milliseconds" }) latencyMs: number | null;
  @Field(() => String, { nullable: true, description: "Why the last attempt failed" }) lastError: string | null;
  @Field(() => String, {
    description: "The JSON body sent; a fixed text naming the resource instead when your role may not read the record it carries",
  })
  body: string;
  @Field(() => Boolean, {
    description: "Whether `body` is withheld from you: your role may not read the resource of the record it carries",
  })
  bodyHidden: boolean;
  @Field(() => GraphQLISODateTime) createdAt: Date;
  @Field(() => GraphQLISODateTime, { nullable: true, description: "When a pending delivery is tried next" }) nextAttemptAt: Date | null;
  @Field(() => GraphQLISODateTime, { nullable: true }) deliveredAt: Date | null;
}

@InputType()
class WebhookFilter {
  @Field(() => String, { nullable: true, description: "Searches URL and description" }) q?: string;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean;
}

@InputType()
class WebhookDeliveryFilter {
  @Field(() => ID, { nullable: true }) webhookId?: string;
  @Field(() => String, { nullable: true, description: DELIVERY_STATUSES.join(", ") }) status?: string;
}

@ArgsType()
class PageArgs {
  @Field(() => Int, { nullable: true, description: "0-based page number" }) page?: number;
  @Field(() => Int, { nullable: true, description: "Rows per page (default 25, at most 1000)" }) perPage?: number;
  @Field(() => String, { nullable: true, description: "ASC or DESC" }) sortOrder?: string;
}

@ArgsType()
class WebhookListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: `The field to sort by (default id); sortable: ${WEBHOOK_SORT_FIELDS.join(", ")}` })
  sortField?: string;
  @Field(() => WebhookFilter, { nullable: true }) filter?: WebhookFilter;
}

@ArgsType()
class DeliveryListArgs extends PageArgs {
  @Field(() => String, { nullable: true, description: `The field to sort by (default id); sortable: ${DELIVERY_SORT_FIELDS.join(", ")}` })
  sortField?: string;
  @Field(() => WebhookDeliveryFilter, { nullable: true }) filter?: WebhookDeliveryFilter;
}

const actorOf = (ctx: GqlContext) => ctx.user && { ...ctx.user, via: ctx.via };

/** Webhooks: whoever the permission grid lets manage `Webhook` (admins), never an API token; the service checks each call. */
@Resolver()
export class WebhookResolver {
  @Mutation(() => NewWebhook, { description: "Registers an endpoint; its signing secret is in `secret`, shown only now" })
  createWebhook(
    @Arg("url", () => String) url: string,
    @Arg("description", () => String, { nullable: true }) description: string | undefined,
    @Arg("resources", () => [String], { description: "GraphQL type names (News, BlocklistEntry...)" }) resources: string[],
    @Arg("operations", () => [String], { nullable: true, description: `Among ${WEBHOOK_OPERATIONS.join(", ")}; none: all` })
    operations: string[] | undefined,
    @Arg("enabled", () => Boolean, { nullable: true, description: "Default true" }) enabled: boolean | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.webhooks.create(actorOf(ctx), { url, description, resources, operations, enabled }, ctx.via);
  }

  @Mutation(() => Webhook, { description: "Changes an endpoint; enabling a disabled one clears its failures" })
  updateWebhook(
    @Arg("id", () => ID) id: string,
    @Arg("url", () => String, { nullable: true }) url: string | undefined,
    @Arg("description", () => String, { nullable: true }) description: string | undefined,
    @Arg("resources", () => [String], { nullable: true }) resources: string[] | undefined,
    @Arg("operations", () => [String], { nullable: true }) operations: string[] | undefined,
    @Arg("enabled", () => Boolean, { nullable: true }) enabled: boolean | undefined,
    @Ctx() ctx: GqlContext,
  ) {
    return ctx.services.webhooks.update(actorOf(ctx), id, { url, description, resources, operations, enabled }, ctx.via);
  }

  @Mutation(() => Webhook, { description: "Deletes an endpoint and its delivery log" })
  deleteWebhook(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.webhooks.remove(actorOf(ctx), id, ctx.via);
  }

  @Mutation(() => WebhookDelivery, { description: "Sends a delivery again (same webhook-id), retried as a new one" })
  redeliverWebhook(@Arg("deliveryId", () => ID) deliveryId: string, @Ctx() ctx: GqlContext) {
    return ctx.services.webhooks.redeliver(actorOf(ctx), deliveryId);
  }

  @Mutation(() => WebhookDelivery, { description: "Sends a webhook.test event to the endpoint now (tried once)" })
  sendTestWebhook(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.webhooks.sendTest(actorOf(ctx), id);
  }

  @Query(() => Webhook)
  Webhook(@Arg("id", () => ID) id: string, @Ctx() ctx: GqlContext) {
    return ctx.services.webhooks.get(actorOf(ctx), id);
  }

  @Query(() => [Webhook])
  allWebhooks(@Args(() => WebhookListArgs) args: WebhookListArgs, @Ctx() ctx: GqlContext) {
    return ctx.services.webhooks.list(actorOf(ctx), args);
  }

  @Query(() => ListMetadata)
  async _allWebhooksMeta(@Args(() => WebhookListArgs) { filter }: WebhookListArgs, @Ctx() ctx: GqlContext) {
    return { count: await ctx.services.webhooks.count(actorOf(ctx), filter) };
  }

  @Query(() => [WebhookDelivery], {
    description: "Delivery logs (`filter.webhookId`: one endpoint's), newest first unless sortOrder says ASC",
  })
  allWebhookDeliveries(@Args(() => DeliveryListArgs) args: DeliveryListArgs, @Ctx() ctx: GqlContext) {
    return ctx.services.webhooks.deliveries(actorOf(ctx), args);
  }

  @Query(() => ListMetadata)
  async _allWebhookDeliveriesMeta(@Args(() => DeliveryListArgs) { filter }: DeliveryListArgs, @Ctx() ctx: GqlContext) {
    return { count: await ctx.services.webhooks.countDeliveries(actorOf(ctx), filter) };
  }
}
