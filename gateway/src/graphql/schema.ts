import { GraphQLSchema, introspectionFromSchema, lexicographicSortSchema, printSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { resources } from "../resources";
import { authChecker } from "./authChecker";
import { ApiTokenResolver } from "./ApiTokenResolver";
import { AuditResolver } from "./AuditResolver";
import { AuthResolver } from "./AuthResolver";
import { ChainResolver } from "./ChainResolver";
import { translateErrors } from "./errors";
import { resourceResolver } from "./resourceResolver";
import { RoleResolver } from "./RoleResolver";
import { SaleInsightResolver } from "./SaleInsightResolver";
import { SessionResolver } from "./SessionResolver";

const resolvers: [Function, ...Function[]] = [
  AuthResolver,
  ChainResolver,
  SaleInsightResolver,
  AuditResolver,
  RoleResolver,
  ApiTokenResolver,
  SessionResolver,
  ...resources.map(resourceResolver),
];

let schema: Promise<GraphQLSchema> | undefined;

export function getSchema(): Promise<GraphQLSchema> {
  schema ??= buildSchema({
    resolvers,
    authChecker,
    globalMiddlewares: [translateErrors],
    validate: false,
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
