import { graphqlUrl } from "../config";
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

/**
 * A plain fetch of one GraphQL operation, for the public screens (sign-in,
 * registration) that must stay light: no Apollo client is loaded for them.
 */
export async function graphqlRequest<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json", "apollo-require-preflight": "true" };
  const token = readSession()?.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(graphqlUrl(), { method: "POST", headers, body: JSON.stringify({ query, variables }) });
  } catch {
    throw new GraphQLRequestError("ra.notification.http_error", "NETWORK_ERROR", {}, 0);
  }
  let body: { data?: T; errors?: { message: string; extensions?: { code?: string; fieldErrors?: Record<string, string> } }[] };
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
