import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { ApolloServerPlugin } from "@apollo/server";
import { getNamedType, getNullableType, getVariableValues, GraphQLError, GraphQLSchema, isListType, isObjectType } from "graphql";
import { ComplexityEstimator, getComplexity } from "graphql-query-complexity";
import type { GraphqlLimits } from "../config";
import type { AnyResource } from "../resources/kit/define";
import { MAX_PER_PAGE } from "../resources/kit/query";
import { HeavyTurns } from "./heavyTurns";
import { DEFAULT_PER_PAGE } from "../resources/kit/query";

/** What one row of a resource costs against GRAPHQL_MAX_COST: 1 unless the resource declares more (`rowCost`). */
export const rowCostOf = (resource: AnyResource) => resource.rowCost ?? 1;

/**
 * What a request costs: the rows it can make the gateway read and send, each
 * weighted by its resource's row cost (wide rows of indexed chain data cost
 * more to read and serialise). A list with `perPage` counts perPage rows (each
 * with whatever it selects); any other object counts one; scalars are free. So
 * `allNews(perPage: 1000)` costs 1000 whatever its aliases, 100 aliases of it
 * cost 100,000, and `allContributions(perPage: 1000)` costs 5000.
 */
export const rowsEstimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  const type = getNullableType(field.type);
  if (isListType(type) && "perPage" in args) {
    // A perPage out of range is refused by the list itself, with its own message.
    const rows = Math.min(Math.max(1, Number(args.perPage ?? DEFAULT_PER_PAGE) || 1), MAX_PER_PAGE);
    const rowCost = Number(field.extensions?.rowCost ?? 1);
    return rows * (rowCost + childComplexity);
  }
  return isObjectType(getNamedType(type)) ? 1 + childComplexity : childComplexity;
};

/**
 * A refusal before execution. Apollo answers an error thrown by a plugin hook
 * with the status in its extensions (500 without one), so it carries its 400.
 */
const refusal = (message: string, fieldErrors: Record<string, string>) =>
  new GraphQLError(message, { extensions: { code: "BAD_USER_INPUT", fieldErrors, http: { status: 400 } } });

/** A request costing more than this share of GRAPHQL_MAX_COST is heavy: it waits for a turn (HeavyTurns). */
const HEAVY_SHARE = 5;
/** Heavy requests running at once (one process, one thread: more only interleaves them). */
const HEAVY_AT_ONCE = 2;

/**
 * Refuses a request that asks for more rows than GRAPHQL_MAX_COST, before
 * anything runs; a heavy one (over a fifth of it) runs when its turn comes.
 */
function costLimit(schema: GraphQLSchema, maxCost: number): ApolloServerPlugin {
  const turns = new HeavyTurns(HEAVY_AT_ONCE);
  return {
    async requestDidStart() {
      let endTurn: (() => void) | undefined;
      return {
        async willSendResponse() {
          endTurn?.();
        },
        async didResolveOperation({ request, document, operation }) {
          // graphql-query-complexity coerces the variables itself and throws their first error bare (a 500):
          // they are the client's mistake, refused here as Apollo refuses them at execution (400).
          const coerced = getVariableValues(schema, operation?.variableDefinitions ?? [], request.variables ?? {}, { maxErrors: 10 });
          if (coerced.errors) {
            const messages = coerced.errors.map((e) => e.message);
            throw refusal(messages.join("; "), { variables: messages.join("; ") });
          }
          const cost = getComplexity({
            schema,
            query: document,
            variables: request.variables,
            operationName: request.operationName,
            estimators: [rowsEstimator],
          });
          if (cost > maxCost) {
            throw refusal(`Query too expensive: it asks for up to ${cost} rows, the limit is ${maxCost}`, {
              query: `This request asks for up to ${cost} rows (weighted by each resource's row cost); the limit is ${maxCost} per request (lower perPage or split it)`,
            });
          }
          if (cost > maxCost / HEAVY_SHARE) endTurn = await turns.take();
        },
      };
    },
  };
}

/**
 * The GraphQL limits Apollo applies: aliases, directives and depth (graphql-armor
 * validation rules) and the row cost above; `documentLimits` run before Apollo. "Did you mean"
 * suggestions leak the schema, so they go whenever introspection does.
 */
export function graphqlProtection(schema: GraphQLSchema, limits: GraphqlLimits) {
  const armor = new ApolloArmor({
    maxTokens: { enabled: false },
    maxAliases: { n: limits.maxAliases },
    maxDirectives: { n: limits.maxDirectives },
    // Introspection counts too: the schema is flat, so only `ofType { ofType { ... } }` nests deeply.
    maxDepth: { n: limits.maxDepth, ignoreIntrospection: false },
    // Counts fields, not rows: the rows cost below replaces it.
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: !limits.introspection },
  }).protect();
  return {
    plugins: [...armor.plugins, costLimit(schema, limits.maxCost)],
    validationRules: armor.validationRules,
  };
}
