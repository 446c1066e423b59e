import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import createUploadLink from "apollo-upload-client/createUploadLink.mjs";
import { graphqlUrl } from "../config";
import { readSession } from "./session";

/** Adds the session token, read at each request so a new sign-in applies at once. */
const authLink = new ApolloLink((operation, forward) => {
  const token = readSession()?.token;
  operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  }));
  return forward(operation);
});

/**
 * Apollo over a multipart-capable link (graphql-upload spec). Every request
 * carries `apollo-require-preflight`, which Apollo Server's CSRF prevention
 * requires of multipart requests.
 */
export function createApolloClient(uri = graphqlUrl()) {
  return new ApolloClient({
    link: authLink.concat(createUploadLink({ uri, headers: { "apollo-require-preflight": "true" } })),
    cache: new InMemoryCache(),
    defaultOptions: {
      query: { fetchPolicy: "network-only", errorPolicy: "none" },
      mutate: { errorPolicy: "none" },
    },
  });
}
