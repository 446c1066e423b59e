/** The gateway's webhook operations (gateway/src/graphql/WebhookResolver.ts) as the Webhooks screen sends them. */
import { graphql } from "../../gql";
import type { WebhookDeliveriesQuery, WebhooksQuery } from "../../gql/graphql";

export type Webhook = WebhooksQuery["allWebhooks"][number];
export type Delivery = WebhookDeliveriesQuery["allWebhookDeliveries"][number];

/** What an endpoint may follow, in the gateway's order. */
export const OPERATIONS = ["create", "update", "delete", "restore"];
/** Catalogue entries that are no resource a webhook follows (the gateway refuses them too). */
export const NOT_FOLLOWED = ["SaleInsight", "Webhook", "AuditEvent"];

export const LIST = graphql(`
  query webhooks {
    allWebhooks(perPage: 100, sortField: "id", sortOrder: "ASC") {
      id
      url
      description
      resources
      operations
      enabled
      consecutiveFailures
      disabledAt
      disabledReason
    }
  }
`);
export const CREATE = graphql(`
  mutation createWebhook($url: String!, $description: String, $resources: [String!]!, $operations: [String!]) {
    createWebhook(url: $url, description: $description, resources: $resources, operations: $operations) {
      secret
      webhook {
        id
      }
    }
  }
`);
export const UPDATE = graphql(`
  mutation updateWebhook($id: ID!, $url: String, $description: String, $resources: [String!], $operations: [String!], $enabled: Boolean) {
    updateWebhook(id: $id, url: $url, description: $description, resources: $resources, operations: $operations, enabled: $enabled) {
      id
      url
      description
      resources
      operations
      enabled
      consecutiveFailures
      disabledAt
      disabledReason
    }
  }
`);
export const DELETE = graphql(`
  mutation deleteWebhook($id: ID!) {
    deleteWebhook(id: $id) {
      id
    }
  }
`);
export const DELIVERIES = graphql(`
  query webhookDeliveries($webhookId: ID) {
    allWebhookDeliveries(filter: { webhookId: $webhookId }, perPage: 50, sortField: "id", sortOrder: "DESC") {
      id
      webhookMessageId
      eventType
      status
      attempts
      responseStatus
      latencyMs
      lastError
      body
      createdAt
    }
  }
`);
export const REDELIVER = graphql(`
  mutation redeliverWebhook($deliveryId: ID!) {
    redeliverWebhook(deliveryId: $deliveryId) {
      id
      status
    }
  }
`);
export const SEND_TEST = graphql(`
  mutation sendTestWebhook($id: ID!) {
    sendTestWebhook(id: $id) {
      id
      status
    }
  }
`);
