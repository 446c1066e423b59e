import { gql, type ApolloClient, type NormalizedCacheObject } from "@apollo/client";
import { toHttpError } from "./errors";

/** One revision of a record (GraphQL `Revision`); `values` is the record's fields right after that event, as JSON text. */
export interface Revision {
  eventId: string;
  createdAt: string;
  actorName: string;
  operation: string;
  fields: string[];
  values: string;
}

/** The event a restore wrote, and the gateway's message about it if it sent one. */
export interface Restored {
  id: string;
  resource: string;
  recordId: string | null;
  message?: string;
}

/** The audit trail's calls that are not list conventions (the Activity list itself goes through getList). */
export interface AuditMethods {
  revisions(resource: string, id: string | number): Promise<Revision[]>;
  restoreRevision(eventId: string): Promise<Restored>;
}

const REVISIONS = gql`
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
`;

const RESTORE = gql`
  mutation restoreRevision($eventId: ID!) {
    restoreRevision(eventId: $eventId) {
      id
      resource
      recordId
    }
  }
`;

export function auditMethods(client: ApolloClient<NormalizedCacheObject>): AuditMethods {
  return {
    async revisions(resource, id) {
      try {
        const { data } = await client.query({ query: REVISIONS, variables: { resource, id: String(id) }, fetchPolicy: "no-cache" });
        return data.revisions as Revision[];
      } catch (e) {
        throw toHttpError(e);
      }
    },
    async restoreRevision(eventId) {
      try {
        const { data, extensions } = await client.mutate({ mutation: RESTORE, variables: { eventId }, fetchPolicy: "no-cache" });
        const message = extensions?.message;
        return { ...(data.restoreRevision as Restored), message: typeof message === "string" ? message : undefined };
      } catch (e) {
        throw toHttpError(e);
      }
    },
  };
}
