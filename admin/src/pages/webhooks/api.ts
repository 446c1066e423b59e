/** The gateway's webhook operations (gateway/src/graphql/WebhookResolver.ts) as the Webhooks screen sends them. */

export interface Webhook {
  id: string;
  url: string;
  description: string | null;
  resources: string[];
  operations: string[];
  enabled: boolean;
  consecutiveFailures: number;
  disabledAt: string | null;
  disabledReason: string | null;
}

export interface Delivery {
  id: string;
  webhookMessageId: string;
  eventType: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  latencyMs: number | null;
  lastError: string | null;
  body: string;
  createdAt: string;
}

/** What an endpoint may follow, in the gateway's order. */
export const OPERATIONS = ["create", "update", "delete", "restore"];
/** Catalogue entries that are no resource a webhook follows (the gateway refuses them too). */
export const NOT_FOLLOWED = ["SaleInsight", "Webhook", "AuditEvent"];

const WEBHOOK = "id url description resources operations enabled consecutiveFailures disabledAt disabledReason";

export const LIST = `query webhooks { allWebhooks(perPage: 100, sortField: "id", sortOrder: "ASC") { ${WEBHOOK} } }`;
export const CREATE = `mutation createWebhook($url: String!, $description: String, $resources: [String!]!, $operations: [String!]) {
  createWebhook(url: $url, description: $description, resources: $resources, operations: $operations) { secret webhook { id } }
}`;
export const UPDATE = `mutation updateWebhook($id: ID!, $url: String, $description: String, $resources: [String!], $operations: [String!], $enabled: Boolean) {
  updateWebhook(id: $id, url: $url, description: $description, resources: $resources, operations: $operations, enabled: $enabled) { ${WEBHOOK} }
}`;
export const DELETE = `mutation deleteWebhook($id: ID!) { deleteWebhook(id: $id) { id } }`;
export const DELIVERIES = `query webhookDeliveries($webhookId: ID) {
  allWebhookDeliveries(filter: { webhookId: $webhookId }, perPage: 50, sortField: "id", sortOrder: "DESC") {
    id webhookMessageId eventType status attempts responseStatus latencyMs lastError body createdAt
  }
}`;
export const REDELIVER = `mutation redeliverWebhook($deliveryId: ID!) { redeliverWebhook(deliveryId: $deliveryId) { id status } }`;
export const SEND_TEST = `mutation sendTestWebhook($id: ID!) { sendTestWebhook(id: $id) { id status } }`;
