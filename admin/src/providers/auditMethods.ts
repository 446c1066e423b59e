import { gql, type ApolloClient, type NormalizedCacheObject, type TypedDocumentNode } from "@apollo/client";
import { graphql } from "../gql";
import type { RestoreRevisionMutation, RevisionsQuery, TypedDocumentString } from "../gql/graphql";
import { toHttpError } from "./errors";

/** One revision of a record (GraphQL `Revision`); `values` is the record's fields right after that event, as JSON text. */
export type Revision = RevisionsQuery["revisions"][number];

/** The event a restore wrote, and the gateway's message about it if it sent one. */
export type Restored = RestoreRevisionMutation["restoreRevision"] & { message?: string };

/** The audit trail's calls that are not list conventions (the Activity list itself goes through getList). */
export interface AuditMethods {
  revisions(resource: string, id: string | number): Promise<Revision[]>;
  restoreRevision(eventId: string): Promise<Restored>;
}

/** Apollo sends a parsed document: the generated text, parsed once, with its answer's and variables' types. */
const parsed = <TResult, TVariables>(document: TypedDocumentString<TResult, TVariables>): TypedDocumentNode<TResult, TVariables> =>
  gql(document.toString());

const REVISIONS = parsed(
  graphql(`
    query revisions($resource: String!, $id: ID!) {
      revisions(resource: $resource, id: $id) {
        eventId
        createdAt
        actorName
        operation
        fields
        values
      }
    }
  `),
);

const RESTORE = parsed(
  graphql(`
    mutation restoreRevision($eventId: ID!) {
      restoreRevision(eventId: $eventId) {
        id
        resource
        recordId
      }
    }
  `),
);

export function auditMethods(client: ApolloClient<NormalizedCacheObject>): AuditMethods {
  return {
    async revisions(resource, id) {
      try {
        const { data } = await client.query({ query: REVISIONS, variables: { resource, id: String(id) }, fetchPolicy: "no-cache" });
        return data.revisions;
      } catch (e) {
        throw toHttpError(e);
      }
    },
    async restoreRevision(eventId) {
      try {
        const { data, extensions } = await client.mutate({ mutation: RESTORE, variables: { eventId }, fetchPolicy: "no-cache" });
        const message = extensions?.message;
        return { ...data!.restoreRevision, message: typeof message === "string" ? message : undefined };
      } catch (e) {
        throw toHttpError(e);
      }
    },
  };
}
