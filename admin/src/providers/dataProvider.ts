import type { ApolloClient, NormalizedCacheObject } from "@apollo/client";
import type { IntrospectionSchema } from "graphql";
import buildGraphQLProvider, { buildQuery } from "ra-data-graphql-simple";
import type { DataProvider } from "react-admin";
import type { ScreenBook } from "../ui/screens";
import { createApolloClient } from "./apolloClient";
import { toHttpError } from "./errors";
import { auditMethods, type AuditMethods } from "./auditMethods";
import { withExpectedVersion } from "./expectedVersion";
import { toMutationData } from "./mutationData";
import { noteOwnWrite } from "../live/ownWrites";
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
export function adaptDataProvider(base: DataProvider, screenOf: ScreenBook["screenOf"]): DataProvider {
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
    const type = screen.type ?? resource;
    try {
      const answer = await (base[method] as (r: string, p: Params) => Promise<{ data?: { id?: unknown; version?: unknown } }>)(
        type,
        adapted,
      );
      // The save refreshes this tab's screens itself: its change on the live stream need not (live/ownWrites.ts).
      if (method === "create" || method === "update" || method === "delete") noteOwnWrite(type, method, answer?.data);
      return answer;
    } catch (e) {
      throw Object.assign(toHttpError(e), { sentWith });
    }
  };
  const methods = ["getList", "getOne", "getMany", "getManyReference", "create", "update", "updateMany", "delete", "deleteMany"] as const;
  return Object.fromEntries(
    methods.map((m) => [m, (resource: string, params: Params) => call(m, resource, params)]),
  ) as unknown as DataProvider;
}

interface TypeRef {
  kind: string;
  name?: string | null;
  ofType?: TypeRef | null;
}

/**
 * Each type's list query (News → allNews, LaunchPad → allLaunchPads), read from the schema's Query fields that answer
 * a list of it. ra-data-graphql would derive the name with `pluralize` for every type of the schema on every load, one
 * regular-expression scan per type and list operation: about a fifth of a phone's start-up script time.
 */
function listQueries(introspection: IntrospectionSchema): Map<string, string> {
  const unwrap = (ref: TypeRef): TypeRef => (ref.ofType && ref.kind !== "LIST" ? unwrap(ref.ofType) : ref);
  const query = introspection.types.find((type) => type.name === introspection.queryType?.name);
  const names = new Map<string, string>();
  for (const field of query && "fields" in query ? query.fields : []) {
    const list = unwrap(field.type as TypeRef);
    const item = list.kind === "LIST" && list.ofType ? unwrap(list.ofType) : null;
    if (item?.name && field.name.startsWith("all") && !names.has(item.name)) names.set(item.name, field.name);
  }
  return names;
}

const SCHEMA = schema as unknown as IntrospectionSchema;
const LIST_QUERIES = listQueries(SCHEMA);
const listQueryOf = (type: { name: string }) => LIST_QUERIES.get(type.name) ?? "";
/** The list operations' names for ra-data-graphql (its defaults name the others without pluralize). */
export const LIST_OPERATION_NAMES = { GET_LIST: listQueryOf, GET_MANY: listQueryOf, GET_MANY_REFERENCE: listQueryOf };

/** The gateway as react-admin's data provider; `screenOf` maps a screen's route to its GraphQL type, filter and defaults. */
export function createDataProvider(
  screenOf: ScreenBook["screenOf"],
  client: ApolloClient<NormalizedCacheObject> = createApolloClient(),
): DataProvider & AuditMethods {
  const provider = buildGraphQLProvider({
    client,
    // The schema ships with the build: no IntrospectionQuery on each load, and production gateways answer none.
    introspection: {
      schema: SCHEMA,
      operationNames: LIST_OPERATION_NAMES,
    },
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
  return { ...adaptDataProvider(provider as DataProvider, screenOf), ...auditMethods(client) };
}
