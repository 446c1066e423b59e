import { GraphQLSchema, introspectionFromSchema, lexicographicSortSchema, printSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { authChecker } from "../auth/authChecker";
import { AuthResolver } from "../auth/AuthResolver";
import { ChainResolver } from "../chain/ChainResolver";
import { resources } from "../resources";
import { buildResolver } from "../resources/kit/resolver";
import { resourceTypes } from "./resourceTypes";

const resourceResolvers = resources.map((r) => buildResolver(r, resourceTypes(r)));

let schema: Promise<GraphQLSchema> | undefined;

export function getSchema(): Promise<GraphQLSchema> {
  schema ??= buildSchema({
    resolvers: [AuthResolver, ChainResolver, ...resourceResolvers] as unknown as [Function, ...Function[]],
    authChecker,
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
