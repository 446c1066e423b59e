import type { DataSource, EntityManager } from "typeorm";
import { type Actor, authorizeTo, may } from "../auth/access";
import type { PermAction } from "../auth/permissions";
import { WEBHOOK } from "./permission";
import type { AuditTrail } from "../audit/trail";
import type { Via } from "../audit/via";
import type { FieldChange } from "../audit/changes";
import type { AuditOperation } from "../resources/auditEvent";
import { inTransaction } from "../resources/kit/transaction";
import { BadRequestError, NotFoundError, ValidationError } from "../errors";
import type { WebhookConfig } from "../config";
import { urlProblem } from "./addresses";
import { FOLLOWED } from "./outbox";
import { TEST_EVENT, testPayload, WEBHOOK_OPERATIONS } from "./payload";
import { newMessageId, newSecret } from "./signing";
import { refuseInvalidText } from "./text";
import {
  DELIVERY_SORT_FIELDS,
  DELIVERY_STATUSES,
  type DeliveryView,
  deliveryOf,
  idOf,
  type ListParams,
  pageOf,
  WEBHOOK_SORT_FIELDS,
  type WebhookInput,
  webhookOf,
  type WebhookView,
} from "./views";

/** Refuses a caller whose role does not grant `action` on webhooks (redelivering and test events are updates). */
const allowed = (action: PermAction, actor: Actor) => authorizeTo({ action, resource: WEBHOOK }, actor);

/**
 * Webhook endpoints: made, changed and deleted by whoever the grid
 * lets manage `Webhook`, each write in the audit trail (resource `Webhook`,
 * the secret never in it); their delivery logs; redelivering and test events.
 * Every operation checks the caller's permission on `Webhook` itself, whoever calls it (a resolver, a route, a job),
 * and what an endpoint follows against what the caller may read.
 */
export class WebhookEndpoints {
  constructor(
    private readonly ds: DataSource,
    private readonly trail: AuditTrail,
    private readonly config: WebhookConfig,
    /** Told of a delivery made due now (a redelivery, a test): this replica's worker sends it at once. */
    private readonly due: () => void,
  ) {}

  async create(actor: Actor, input: WebhookInput, via: Via): Promise<{ secret: string; webhook: WebhookView }> {
    allowed("create", actor);
    const values = this.checked(actor, input, undefined);
    const secret = newSecret();
    const now = Date.now();
    const webhook = await this.write(actor, via, "create", async (manager) => {
      await manager.query(
        `INSERT INTO webhooks (url, description, resources, operations, secret, enabled, consecutiveFailures, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          values.url,
          values.description,
          JSON.stringify(values.resources),
          JSON.stringify(values.operations),
          secret,
          values.enabled ? 1 : 0,
          0,
          now,
          now,
        ],
      );
      // Found again by its secret: random, so it is this row's alone (and portable, unlike each driver's insert id).
      const [row] = (await manager.query(`SELECT * FROM webhooks WHERE secret = ?`, [secret])) as Record<string, unknown>[];
      return { before: undefined, after: webhookOf(row) };
    });
    return { secret, webhook };
  }

  async update(actor: Actor, id: unknown, input: WebhookInput, via: Via): Promise<WebhookView> {
    allowed("update", actor);
    const key = idOf(id, "webhook");
    const current = await this.find(key);
    const values = this.checked(actor, input, current);
    // Enabling it again clears the count of failures that disabled it.
    const reenabled = values.enabled && !current.enabled;
    return this.write(actor, via, "update", async (manager) => {
      await manager.query(
        `UPDATE webhooks SET url = ?, description = ?, resources = ?, operations = ?, enabled = ?, updatedAt = ?${reenabled ? ", consecutiveFailures = 0, disabledAt = NULL, disabledReason = NULL" : ""} WHERE id = ?`,
        [
          values.url,
          values.description,
          JSON.stringify(values.resources),
          JSON.stringify(values.operations),
          values.enabled ? 1 : 0,
          Date.now(),
          key,
        ],
      );
      return { before: current, after: await this.find(key, manager) };
    });
  }

  async remove(actor: Actor, id: unknown, via: Via): Promise<WebhookView> {
    allowed("delete", actor);
    const key = idOf(id, "webhook");
    const current = await this.find(key);
    await this.write(actor, via, "delete", async (manager) => {
      // The endpoint's row first, as a claim takes it (see lockEndpoint), so the two never wait for each other.
      await manager.query(`DELETE FROM webhooks WHERE id = ?`, [key]);
      await manager.query(`DELETE FROM webhook_deliveries WHERE webhookId = ?`, [key]);
      return { before: current, after: undefined };
    });
    return current;
  }

  async get(actor: Actor, id: unknown): Promise<WebhookView> {
    allowed("read", actor);
    return this.find(idOf(id, "webhook"));
  }

  private async find(key: number, manager: DataSource | EntityManager = this.ds): Promise<WebhookView> {
    const [row] = (await manager.query(`SELECT * FROM webhooks WHERE id = ?`, [key])) as Record<string, unknown>[];
    if (!row) throw new NotFoundError(`No webhook ${key}`);
    return webhookOf(row);
  }

  async list(actor: Actor, params: ListParams<{ q?: string; enabled?: boolean }>): Promise<WebhookView[]> {
    allowed("read", actor);
    const { where, args } = this.webhookFilter(params.filter);
    const rows = (await this.ds.query(`SELECT * FROM webhooks WHERE ${where} ${pageOf(params, WEBHOOK_SORT_FIELDS)}`, args)) as Record<
      string,
      unknown
    >[];
    return rows.map(webhookOf);
  }

  async count(actor: Actor, filter?: { q?: string; enabled?: boolean }): Promise<number> {
    allowed("read", actor);
    const { where, args } = this.webhookFilter(filter);
    const [row] = (await this.ds.query(`SELECT COUNT(*) AS n FROM webhooks WHERE ${where}`, args)) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  async deliveries(actor: Actor, params: ListParams<{ webhookId?: string; status?: string }>): Promise<DeliveryView[]> {
    allowed("read", actor);
    const { where, args } = this.deliveryFilter(params.filter);
    const rows = (await this.ds.query(
      `SELECT * FROM webhook_deliveries WHERE ${where} ${pageOf(params, DELIVERY_SORT_FIELDS)}`,
      args,
    )) as Record<string, unknown>[];
    return rows.map((row) => deliveryOf(row, actor));
  }

  async countDeliveries(actor: Actor, filter?: { webhookId?: string; status?: string }): Promise<number> {
    allowed("read", actor);
    const { where, args } = this.deliveryFilter(filter);
    const [row] = (await this.ds.query(`SELECT COUNT(*) AS n FROM webhook_deliveries WHERE ${where}`, args)) as { n: unknown }[];
    return Number(row?.n ?? 0);
  }

  async delivery(actor: Actor, id: unknown): Promise<DeliveryView> {
    allowed("read", actor);
    return this.findDelivery(id, actor);
  }

  private async findDelivery(id: unknown, actor: Actor): Promise<DeliveryView> {
    const key = idOf(id, "delivery");
    const [row] = (await this.ds.query(`SELECT * FROM webhook_deliveries WHERE id = ?`, [key])) as Record<string, unknown>[];
    if (!row) throw new NotFoundError(`No delivery ${key}`);
    return deliveryOf(row, actor);
  }

  /** Sends a delivery again, with its `webhook-id` (receivers that saw it may drop it), retried as a new one would be. */
  async redeliver(actor: Actor, deliveryId: unknown): Promise<DeliveryView> {
    allowed("update", actor);
    const delivery = await this.findDelivery(deliveryId, actor);
    if (delivery.status === "sending") throw new ValidationError({ deliveryId: "This delivery is being sent now" });
    const now = Date.now();
    await inTransaction(this.ds, (manager) =>
      manager.query(
        `UPDATE webhook_deliveries SET status = ?, nextAttemptAt = ?, retryUntil = ?, leaseUntil = NULL, deliveredAt = NULL WHERE id = ?`,
        ["pending", now, now + (delivery.eventType === TEST_EVENT ? 0 : this.config.retryForMs), Number(delivery.id)],
      ),
    );
    this.due();
    return this.findDelivery(delivery.id, actor);
  }

  /** A `webhook.test` delivery, tried once (even to a disabled endpoint: it checks the receiver before enabling it again). */
  async sendTest(actor: Actor, id: unknown): Promise<DeliveryView> {
    allowed("update", actor);
    const webhook = await this.find(idOf(id, "webhook"));
    const messageId = newMessageId();
    const now = Date.now();
    await inTransaction(this.ds, (manager) =>
      manager.query(
        `INSERT INTO webhook_deliveries (webhookId, messageId, eventType, recordKey, body, status, nextAttemptAt, retryUntil, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          Number(webhook.id),
          messageId,
          TEST_EVENT,
          `${TEST_EVENT}:${messageId}`,
          JSON.stringify(testPayload(webhook.id)),
          "pending",
          now,
          now,
          now,
        ],
      ),
    );
    this.due();
    const [row] = (await this.ds.query(`SELECT * FROM webhook_deliveries WHERE messageId = ?`, [messageId])) as Record<string, unknown>[];
    return deliveryOf(row, actor);
  }

  /** The values of a create (no `current`) or an update, field errors together. */
  private checked(actor: Actor, input: WebhookInput, current: WebhookView | undefined) {
    refuseInvalidText({ url: input.url, description: input.description, resources: input.resources, operations: input.operations });
    const errors: Record<string, string> = {};
    const url = (input.url ?? current?.url ?? "").trim();
    const problem = url.length > 2000 ? "The URL may be at most 2000 characters" : urlProblem(url, this.config);
    if (problem) errors.url = problem;
    const description = input.description === undefined ? (current?.description ?? null) : input.description?.trim() || null;
    if (description && description.length > 255) errors.description = "The description may be at most 255 characters";
    const resources = [...new Set(input.resources ?? current?.resources ?? [])];
    const unknown = resources.filter((name) => !FOLLOWED.has(name));
    const unreadable = resources.filter((name) => FOLLOWED.has(name) && !may({ action: "read", resource: name }, actor));
    if (!resources.length) errors.resources = "Choose at least one resource";
    else if (unknown.length) errors.resources = `Not a resource a webhook can follow: ${unknown.join(", ")}`;
    else if (unreadable.length) errors.resources = `Your role may not read ${unreadable.join(", ")}`;
    const operations = input.operations ?? current?.operations ?? [...WEBHOOK_OPERATIONS];
    const offered: readonly string[] = WEBHOOK_OPERATIONS;
    if (!operations.length) errors.operations = "Choose at least one operation";
    else if (operations.some((op) => !offered.includes(op))) errors.operations = `Operations are among ${WEBHOOK_OPERATIONS.join(", ")}`;
    if (Object.keys(errors).length) throw new ValidationError(errors);
    return {
      url,
      description,
      resources,
      operations: WEBHOOK_OPERATIONS.filter((op) => operations.includes(op)),
      enabled: input.enabled ?? current?.enabled ?? true,
    };
  }

  /** One write of an endpoint and its audit event, in one transaction. */
  private async write(
    actor: Actor,
    via: Via,
    operation: AuditOperation,
    work: (manager: EntityManager) => Promise<{ before?: WebhookView; after?: WebhookView }>,
  ): Promise<WebhookView> {
    const { trail, ds } = this;
    return trail.during(async () => {
      const { written, event } = await inTransaction(ds, async (manager) => {
        const { before, after } = await work(manager);
        const record = (after ?? before)!;
        const event = await trail.append(manager, {
          actor,
          via,
          resource: WEBHOOK,
          recordId: record.id,
          operation,
          changes: changesOf(before, after),
          snapshot: null,
        });
        return { written: record, event };
      });
      await trail.appended(event);
      return written;
    });
  }

  private webhookFilter(filter: { q?: string; enabled?: boolean } = {}) {
    refuseInvalidText({ q: filter.q });
    const where = ["1 = 1"];
    const args: unknown[] = [];
    if (filter.enabled !== undefined && filter.enabled !== null) {
      where.push("enabled = ?");
      args.push(filter.enabled ? 1 : 0);
    }
    if (filter.q) {
      where.push("(url LIKE ? OR description LIKE ?)");
      args.push(`%${filter.q}%`, `%${filter.q}%`);
    }
    return { where: where.join(" AND "), args };
  }

  private deliveryFilter(filter: { webhookId?: string; status?: string } = {}) {
    refuseInvalidText({ webhookId: filter.webhookId, status: filter.status });
    const where = ["1 = 1"];
    const args: unknown[] = [];
    if (filter.webhookId !== undefined && filter.webhookId !== null) {
      where.push("webhookId = ?");
      args.push(Number(filter.webhookId));
    }
    if (filter.status) {
      if (!DELIVERY_STATUSES.includes(filter.status)) throw new BadRequestError({ status: `Statuses are ${DELIVERY_STATUSES.join(", ")}` });
      where.push("status = ?");
      args.push(filter.status);
    }
    return { where: where.join(" AND "), args };
  }
}

/** What an endpoint's write changed, for the audit trail (the secret is not among its fields). */
function changesOf(before: WebhookView | undefined, after: WebhookView | undefined): FieldChange[] {
  const fields = ["url", "description", "resources", "operations", "enabled"] as const;
  return fields
    .filter((field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(after?.[field] ?? null))
    .map((field) => ({ field, before: before?.[field] ?? null, after: after?.[field] ?? null }));
}
