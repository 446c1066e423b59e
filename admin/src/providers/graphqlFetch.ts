import { graphqlUrl } from "../config";
import type { TypedDocumentString } from "../gql/graphql";
import { readSession } from "./session";

/** A GraphQL error answer, with the gateway's code and per-field messages. */
export class GraphQLRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly fieldErrors: Record<string, string> = {},
    readonly status = 200,
  ) {
    super(message);
  }
}

/** The variables a document takes: optional when it needs none. */
type VariablesArgument<TVariables> = Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

/**
 * A plain fetch of one GraphQL operation, for the public screens (sign-in,
 * registration) that must stay light: no Apollo client is loaded for them.
 * The document comes from `graphql()` (src/gql), which types its answer and
 * its variables after the gateway's schema.
 */
export async function graphqlRequest<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  ...[variables = {} as TVariables]: VariablesArgument<TVariables>
): Promise<TResult> {
  const query = document.toString();
  const headers: Record<string, string> = { "content-type": "application/json", "apollo-require-preflight": "true" };
  const token = readSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(graphqlUrl(), { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  } catch {
    throw new GraphQLRequestError("ra.notification.http_error", "NETWORK_ERROR", {}, 0);
  }
  let body: { data?: TResult; errors?: { message: string; extensions?: { code?: string; fieldErrors?: Record<string, string> } }[] };
  try {
    body = await res.json();
  } catch {
    throw new GraphQLRequestError("ra.notification.http_error", "BAD_RESPONSE", {}, res.status);
  }
  const first = body.errors?.[0];
  if (first) throw new GraphQLRequestError(first.message, first.extensions?.code, first.extensions?.fieldErrors ?? {}, res.status);
  if (!res.ok || !body.data) throw new GraphQLRequestError("ra.notification.http_error", "BAD_RESPONSE", {}, res.status);
  return body.data;
}
