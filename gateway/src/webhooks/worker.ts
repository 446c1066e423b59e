import type { DataSource, EntityManager } from "typeorm";
import { SYSTEM } from "../auth/access";
import { WEBHOOK } from "./permission";
import type { AuditTrail } from "../audit/trail";
import { SYSTEM_VIA } from "../audit/via";
import type { WebhookConfig } from "../config";
import type { Logger } from "../logger";
import { webhookDeliveries, webhookQueue } from "../metrics";
import { inTransaction } from "../resources/kit/transaction";
import { TEST_EVENT } from "./payload";
import { type Attempt, postOnce } from "./send";
import { signatureOf } from "./signing";

/** Deliveries one worker sends at once: a slow endpoint holds one of them, not the others' deliveries. */
const MAX_IN_FLIGHT = 10;
/** How often the delivery log is pruned of finished deliveries past WEBHOOK_LOG_DAYS, and by how many rows per statement. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long past an attempt's timeout its claim holds (the attempt, bounded by WEBHOOK_TIMEOUT_MS, and recording
 * its outcome): then another worker takes the delivery over, its sender having died (a killed replica).
 */
const LEASE_MARGIN_MS = 5_000;

interface Claimed {
  id: number;
  webhookId: number;
  messageId: string;
  eventType: string;
  body: string;
  attempts: number;
  retryUntil: number;
  url: string;
  secret: string;
}

/**
 * Sends the outbox's deliveries. Every replica runs one; a delivery is claimed
 * by one conditional update (pending and due, or its lease run out → sending,
 * leased), which only one replica's update can win on either database, so each
 * is sent by one worker at a time. A record's deliveries to an endpoint go in
 * order: one waits while an earlier one of the same record is unfinished.
 * A failed attempt is retried after an exponential, jittered wait until the
 * delivery's retry window ends; then it is failed, and an endpoint whose
 * deliveries failed WEBHOOK_MAX_FAILURES times in a row is disabled.
 */
export class WebhookWorker {
  private timer?: NodeJS.Timeout;
  private pruning?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private started = false;
  private readonly inFlight = new Set<Promise<void>>();
  /** What this worker gave the outbox gauges (a later worker in the same process may have replaced it). */
  private readonly queueSource = () => this.queue();

  constructor(
    private readonly ds: DataSource,
    private readonly config: WebhookConfig,
    private readonly trail: AuditTrail,
    private readonly log: Logger,
  ) {}

  /** Starts polling every WEBHOOK_POLL_MS (after the migrations: it reads the outbox). */
  start() {
    if (this.started) return;
    this.started = true;
    webhookQueue.source = this.queueSource;
    this.tick();
    const prune = () =>
      void this.prune().catch((error: unknown) => this.log.warn({ err: error }, "could not prune the webhook delivery log"));
    this.pruning = setInterval(prune, PRUNE_EVERY_MS).unref();
    prune();
  }

  /** Looks for due deliveries now (a change was committed, a redelivery asked for). */
  wake() {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain().catch((error: unknown) => this.log.warn({ err: error }, "webhook worker: could not read the outbox"));
      } while (this.again && this.started);
    })().finally(() => (this.running = undefined));
  }

  /** Stops polling and waits for the attempts in flight (each bounded by WEBHOOK_TIMEOUT_MS). */
  async stop() {
    this.started = false;
    clearTimeout(this.timer);
    clearInterval(this.pruning);
    if (webhookQueue.source === this.queueSource) webhookQueue.source = undefined;
    await this.running;
    await Promise.all(this.inFlight);
  }

  private tick() {
    this.wake();
    this.timer = setTimeout(() => this.tick(), this.config.pollMs);
    this.timer.unref();
  }

  /** Claims due deliveries while there is room, and sends each without waiting for the others; each one done wakes it again. */
  private async drain() {
    while (this.started) {
      const room = MAX_IN_FLIGHT - this.inFlight.size;
      if (room <= 0) return;
      const claimed = await this.claim(room);
      if (!claimed.length) return;
      for (const delivery of claimed) {
        const sending: Promise<void> = this.send(delivery).finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
        this.inFlight.add(sending);
      }
    }
  }

  /** Up to `room` due deliveries, each won by this worker's conditional update. */
  private async claim(room: number): Promise<Claimed[]> {
    const now = Date.now();
    const due = (await this.ds.query(
      `SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhookId
       WHERE ((d.status = 'pending' AND d.nextAttemptAt <= ?) OR (d.status = 'sending' AND d.leaseUntil < ?))
         AND (w.enabled = ? OR d.eventType = ?)
         AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhookId = d.webhookId AND e.recordKey = d.recordKey
           AND e.id < d.id AND e.status IN ('pending', 'sending'))
       ORDER BY d.id LIMIT ${room}`,
      [now, now, 1, TEST_EVENT],
    )) as { id: unknown }[];
    const claimed: Claimed[] = [];
    for (const { id } of due) {
      const won = await inTransaction(this.ds, (manager) =>
        manager
          .createQueryBuilder()
          .update("webhook_deliveries")
          .set({ status: "sending", leaseUntil: now + 2 * this.config.timeoutMs + LEASE_MARGIN_MS, attempts: () => "attempts + 1" })
          .where("id = :id", { id: Number(id) })
          .andWhere("((status = 'pending' AND nextAttemptAt <= :now) OR (status = 'sending' AND leaseUntil < :now))", { now })
          .execute(),
      );
      if (!won.affected) continue;
      const [row] = (await this.ds.query(
        `SELECT d.id, d.webhookId, d.messageId, d.eventType, d.body, d.attempts, d.retryUntil, w.url, w.secret
         FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhookId WHERE d.id = ?`,
        [Number(id)],
      )) as Record<string, unknown>[];
      if (row)
        claimed.push({
          id: Number(row.id),
          webhookId: Number(row.webhookId),
          messageId: String(row.messageId),
          eventType: String(row.eventType),
          body: String(row.body),
          attempts: Number(row.attempts),
          retryUntil: Number(row.retryUntil),
          url: String(row.url),
          secret: String(row.secret),
        });
    }
    return claimed;
  }

  private async send(delivery: Claimed) {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      "webhook-id": delivery.messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureOf(delivery.secret, delivery.messageId, timestamp, delivery.body),
    };
    const attempt = await postOnce(delivery.url, headers, delivery.body, this.config);
    await this.record(delivery, attempt).catch((error: unknown) =>
      this.log.warn(
        { err: error, delivery: delivery.id },
        "webhook worker: could not record an attempt (it is sent again when its lease ends)",
      ),
    );
  }

  private async record(delivery: Claimed, attempt: Attempt) {
    const now = Date.now();
    const common = {
      responseStatus: attempt.status ?? null,
      latencyMs: attempt.latencyMs,
      leaseUntil: null,
      lastError: attempt.error?.slice(0, 255) ?? null,
    };
    const test = delivery.eventType === TEST_EVENT;
    if (attempt.ok) {
      webhookDeliveries.inc({ outcome: "delivered" });
      await inTransaction(this.ds, async (manager) => {
        await this.update(manager, delivery.id, { ...common, status: "delivered", deliveredAt: now });
        if (!test) await manager.query(`UPDATE webhooks SET consecutiveFailures = 0 WHERE id = ?`, [delivery.webhookId]);
      });
      return;
    }
    if (now < delivery.retryUntil) {
      webhookDeliveries.inc({ outcome: "retried" });
      await inTransaction(this.ds, (manager) =>
        this.update(manager, delivery.id, { ...common, status: "pending", nextAttemptAt: this.nextAttempt(delivery, now) }),
      );
      return;
    }
    webhookDeliveries.inc({ outcome: "failed" });
    this.log.warn({ webhook: delivery.webhookId, delivery: delivery.id, error: attempt.error }, "webhook delivery failed: no more retries");
    await this.trail.during(async () => {
      const event = await inTransaction(this.ds, async (manager) => {
        await this.update(manager, delivery.id, { ...common, status: "failed" });
        if (test) return undefined;
        await manager.query(`UPDATE webhooks SET consecutiveFailures = consecutiveFailures + 1 WHERE id = ?`, [delivery.webhookId]);
        const reason = `Disabled after ${this.config.maxFailures} failed deliveries in a row (last: ${attempt.error ?? "no answer"})`.slice(
          0,
          255,
        );
        const disabled = await manager
          .createQueryBuilder()
          .update("webhooks")
          .set({ enabled: 0, disabledAt: now, disabledReason: reason, updatedAt: now })
          .where("id = :id AND enabled = :on AND consecutiveFailures >= :max", {
            id: delivery.webhookId,
            on: 1,
            max: this.config.maxFailures,
          })
          .execute();
        if (!disabled.affected) return undefined;
        this.log.warn({ webhook: delivery.webhookId }, reason);
        return this.trail.append(manager, {
          actor: SYSTEM,
          via: SYSTEM_VIA,
          resource: WEBHOOK,
          recordId: delivery.webhookId,
          operation: "update",
          changes: [{ field: "enabled", before: true, after: false }],
          snapshot: null,
        });
      });
      if (event) await this.trail.appended(event);
    });
  }

  private update(manager: EntityManager, id: number, values: Record<string, unknown>) {
    return manager.createQueryBuilder().update("webhook_deliveries").set(values).where("id = :id", { id }).execute();
  }

  /** Exponential back-off from WEBHOOK_RETRY_BASE_MS, jittered to between half and all of it, the last attempt at the window's end. */
  private nextAttempt(delivery: Claimed, now: number): number {
    const { retryBaseMs, retryMaxMs } = this.config;
    const wait = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(delivery.attempts - 1, 30));
    return Math.min(now + Math.round(wait * (0.5 + Math.random() / 2)), delivery.retryUntil);
  }

  /**
   * Deletes the delivered and failed deliveries older than WEBHOOK_LOG_DAYS (as of `now`), by id in bounded batches
   * (replicas pruning at once share the work); pending ones are never deleted. Answers how many.
   */
  async prune(now = Date.now()): Promise<number> {
    const cutoff = now - this.config.logDays * DAY_MS;
    let deleted = 0;
    for (;;) {
      const ids = (
        (await this.ds.query(
          `SELECT id FROM webhook_deliveries WHERE status IN ('delivered', 'failed') AND createdAt < ? ORDER BY id LIMIT ${PRUNE_BATCH}`,
          [cutoff],
        )) as { id: unknown }[]
      ).map((row) => Number(row.id));
      if (!ids.length) return deleted;
      await inTransaction(this.ds, (manager) =>
        manager.query(`DELETE FROM webhook_deliveries WHERE id IN (${ids.map(() => "?").join(", ")})`, ids),
      );
      deleted += ids.length;
      if (ids.length < PRUNE_BATCH) return deleted;
    }
  }

  /** The outbox's length and its oldest unsent delivery's age (for /metrics). */
  private async queue(): Promise<{ length: number; oldestMs: number }> {
    const [row] = (await this.ds.query(
      `SELECT COUNT(*) AS n, MIN(createdAt) AS oldest FROM webhook_deliveries WHERE status IN ('pending', 'sending')`,
    )) as { n: unknown; oldest: unknown }[];
    const oldest = row?.oldest === null || row?.oldest === undefined ? null : Number(row.oldest);
    return { length: Number(row?.n ?? 0), oldestMs: oldest === null ? 0 : Date.now() - oldest };
  }
}
