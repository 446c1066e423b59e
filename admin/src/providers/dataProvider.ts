import type { ApolloClient, NormalizedCacheObject } from "@apollo/client";
import type { IntrospectionSchema } from "graphql";
import buildGraphQLProvider, { buildQuery } from "ra-data-graphql-simple";
import type { DataProvider } from "react-admin";
import { screenOf } from "../registry";
import { createApolloClient } from "./apolloClient";
import { toHttpError } from "./errors";
import { auditMethods, type AuditMethods } from "./auditMethods";
import { withExpectedVersion } from "./expectedVersion";
import { toMutationData } from "./mutationData";
import { readSession } from "./session";
import { rememberSavedMessage } from "./savedMessage";
// Written with gateway/schema.graphql by `npm run schema -w gateway`; a gateway test keeps it current.
import schema from "./schema.json";

type Params = Record<string, any>;

/**
 * Wraps a GraphQL data provider (ra-data-graphql-simple) for the admin's
 * resources: each resource name becomes its GraphQL type with its fixed filter
 * and defaults, mutation data is readied for upload, and errors become
 * react-admin HttpErrors with per-field messages.
 */
export function adaptDataProvider(base: DataProvider): DataProvider {
  const call = async (method: keyof DataProvider, resource: string, params: Params) => {
    const screen = screenOf(resource);
    let adapted: Params = params;
    if (screen.filter && "filter" in params) adapted = { ...adapted, filter: { ...params.filter, ...screen.filter } };
    if (method === "create") adapted = { ...adapted, data: { ...(adapted.data as object), ...screen.defaults } };
    if (method === "update") adapted = { ...adapted, data: withExpectedVersion(adapted.data, adapted.previousData, adapted.meta) };
    if (method === "create" || method === "update" || method === "updateMany") {
      adapted = { ...adapted, data: toMutationData(adapted.data) };
    }
    // The session that asks: a refusal of a token since replaced must not end the session that replaced it.
    const sentWith = readSession()?.token;
    try {
      return await (base[method] as (r: string, p: Params) => Promise<unknown>)(screen.type ?? resource, adapted);
    } catch (e) {
      throw Object.assign(toHttpError(e), { sentWith });
    }
  };
  const methods = ["getList", "getOne", "getMany", "getManyReference", "create", "update", "updateMany", "delete", "deleteMany"] as const;
  return Object.fromEntries(
    methods.map((m) => [m, (resource: string, params: Params) => call(m, resource, params)]),
  ) as unknown as DataProvider;
}

export function createDataProvider(client: ApolloClient<NormalizedCacheObject> = createApolloClient()): DataProvider & AuditMethods {
  const provider = buildGraphQLProvider({
    client,
    // The schema ships with the build: no IntrospectionQuery on each load, and production gateways answer none.
    introspection: { schema: schema as unknown as IntrospectionSchema },
    // Each answer is parsed as usual; a save's message (extensions.message) is kept for the toast (FormDialog).
    buildQuery: (introspection: Params) => {
      const build = buildQuery(introspection as Parameters<typeof buildQuery>[0]);
      return (fetchType: string, resource: string, params: Params) => {
        const built = build(fetchType, resource, params);
        type Answer = Parameters<typeof built.parseResponse>[0];
        return { ...built, parseResponse: (response: Answer) => rememberSavedMessage(built.parseResponse(response), response as Params) };
      };
    },
    // react-admin keeps its own cache; Apollo's would only duplicate it.
    query: () => ({ fetchPolicy: "no-cache" }),
    mutation: () => ({ fetchPolicy: "no-cache" }),
  });
  return { ...adaptDataProvider(provider as DataProvider), ...auditMethods(client) };
}
