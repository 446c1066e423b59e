import type { EntityManager } from "typeorm";
import type { Change } from "../changes/feed";
import { resources } from "../resources";
import { AuditEvent } from "../resources/auditEvent";
import type { Row } from "../resources/kit/define";
import { changePayload, recordView, WEBHOOK_OPERATIONS } from "./payload";
import { newMessageId } from "./signing";
import { WEBHOOK } from "./permission";

/** What a webhook may follow: the declared resources' writes (not the audit trail itself, nor webhooks). */
export const FOLLOWED = new Map(resources.filter((resource) => resource !== AuditEvent).map((resource) => [resource.name, resource]));

interface Endpoint {
  id: unknown;
  resources: unknown;
  operations: unknown;
}

/** A JSON list column read back (text on both databases). */
export const listOf = (value: unknown): string[] => {
  try {
    const parsed: unknown = typeof value === "string" ? JSON.parse(value) : value;
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

/**
 * The webhooks' outbox: the audit trail hands it each write's change in the
 * write's own transaction, and it inserts there one delivery row per enabled
 * endpoint that follows it. The rows commit or roll back with the write, so a
 * crash or restart after the commit loses none: a worker sends them later.
 */
export class WebhookOutbox {
  constructor(private readonly retryForMs: () => number) {}

  async enqueue(manager: EntityManager, change: Change): Promise<void> {
    // A webhook's own writes never feed deliveries (of itself or of others).
    if (change.resource === WEBHOOK || !(WEBHOOK_OPERATIONS as readonly string[]).includes(change.op)) return;
    const resource = FOLLOWED.get(change.resource);
    if (!resource || change.id === null) return;
    const endpoints = (await manager.query(`SELECT id, resources, operations FROM webhooks WHERE enabled = ?`, [1])) as Endpoint[];
    const following = endpoints.filter(
      (endpoint) => listOf(endpoint.resources).includes(change.resource) && listOf(endpoint.operations).includes(change.op),
    );
    if (!following.length) return;
    // The record as this transaction wrote it; none after a delete.
    const row =
      change.op === "delete" ? null : ((await manager.getRepository<Row>(resource.name).findOneBy({ id: Number(change.id) })) ?? null);
    const body = JSON.stringify(changePayload(change, row && recordView(resource, row)));
    const now = Date.now();
    const values = following.map((endpoint) => [
      Number(endpoint.id),
      newMessageId(),
      `${change.resource}.${change.op}`,
      `${change.resource}:${change.id}`,
      body,
      "pending",
      now,
      now + this.retryForMs(),
      now,
    ]);
    await manager.query(
      `INSERT INTO webhook_deliveries (webhookId, messageId, eventType, recordKey, body, status, nextAttemptAt, retryUntil, createdAt) VALUES ${values.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      values.flat(),
    );
  }
}
