import { GraphQLSchema, introspectionFromSchema, lexicographicSortSchema, printSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { resources } from "../resources";
import { authChecker } from "./authChecker";
import { ApiTokenResolver } from "./ApiTokenResolver";
import { AuditResolver } from "./AuditResolver";
import { AuthResolver } from "./AuthResolver";
import { ChainResolver } from "./ChainResolver";
import { ChangesResolver } from "./ChangesResolver";
import { PresenceResolver } from "./PresenceResolver";
import { translateErrors } from "./errors";
import { resourceResolver } from "./resourceResolver";
import { RoleResolver } from "./RoleResolver";
import { SafeResolver } from "./SafeResolver";
import { SaleInsightResolver } from "./SaleInsightResolver";
import { SessionResolver } from "./SessionResolver";
import { WebhookResolver } from "./WebhookResolver";

const resolvers: [Function, ...Function[]] = [
  AuthResolver,
  ChainResolver,
  SaleInsightResolver,
  AuditResolver,
  RoleResolver,
  ApiTokenResolver,
  SessionResolver,
  ChangesResolver,
  PresenceResolver,
  WebhookResolver,
  SafeResolver,
  ...resources.map(resourceResolver),
];

/**
 * type-graphql asks for a PubSub once a schema has subscriptions; ours gives
 * its own `subscribe` (changes/subscription.ts over the change feed), so no
 * topic is ever published or subscribed through this one.
 */
const noTopics = {
  publish: () => undefined,
  subscribe: (): never => {
    throw new Error("subscriptions here are served by their own subscribe functions, not by topics");
  },
};

let schema: Promise<GraphQLSchema> | undefined;

export function getSchema(): Promise<GraphQLSchema> {
  schema ??= buildSchema({
    resolvers,
    authChecker,
    globalMiddlewares: [translateErrors],
    validate: false,
    pubSub: noTopics,
  });
  return schema;
}

/** The SDL committed as gateway/schema.graphql. */
export const printedSchema = async () => printSchema(lexicographicSortSchema(await getSchema())) + "\n";

/**
 * The schema as the admin ships it (admin/src/providers/schema.json): what
 * ra-data-graphql would otherwise ask for with an IntrospectionQuery on every
 * page load, and what production gateways do not answer.
 */
export const introspectionForAdmin = async () =>
  JSON.stringify(introspectionFromSchema(lexicographicSortSchema(await getSchema()), { descriptions: false }).__schema) + "\n";
