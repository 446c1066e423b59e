import type { DataSource, EntityManager } from "typeorm";
import { SYSTEM } from "../auth/access";
import { WEBHOOK } from "./permission";
import type { AuditTrail } from "../audit/trail";
import { SYSTEM_VIA } from "../audit/via";
import type { WebhookConfig } from "../config";
import type { Logger } from "../logger";
import { webhookDeliveries, webhookQueue } from "../metrics";
import { inTransaction } from "../resources/kit/transaction";
import { type Claimed, DeliveryClaims, lockEndpoint } from "./claim";
import { TEST_EVENT } from "./payload";
import { type Attempt, postOnce } from "./send";
import { signatureOf } from "./signing";

/** Deliveries one worker sends at once: a slow endpoint holds at most WEBHOOK_IN_FLIGHT_PER_ENDPOINT of them. */
const MAX_IN_FLIGHT = 10;
/** How often the delivery log is pruned of finished deliveries past WEBHOOK_LOG_DAYS, and by how many rows per statement. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 1000;
/** Deliveries changed by one statement when an endpoint is backed off or released. */
const CHANGE_BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Sends the outbox's deliveries. Every replica runs one; DeliveryClaims says
 * which it sends next (each by one worker at a time, fairly between endpoints,
 * a record's deliveries to an endpoint in order). A failed attempt is retried
 * after an exponential, jittered wait until the delivery's retry window ends;
 * then it is failed, and an endpoint whose deliveries failed
 * WEBHOOK_MAX_FAILURES times in a row is disabled. A failing endpoint is backed
 * off as a whole: its other pending deliveries wait as long as the failed one,
 * so a dead endpoint's backlog is not tried delivery after delivery; a new
 * change is still tried at once (it notices the endpoint back), and a delivered
 * attempt frees the deliveries that waited only for the endpoint.
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
  private readonly claims: DeliveryClaims;

  constructor(
    private readonly ds: DataSource,
    private readonly config: WebhookConfig,
    private readonly trail: AuditTrail,
    private readonly log: Logger,
  ) {
    this.claims = new DeliveryClaims(ds, config);
  }

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
      const claimed = await this.claims.claim(room);
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
      await this.transaction(async (manager) => {
        if (!test) await manager.query(`UPDATE webhooks SET consecutiveFailures = 0 WHERE id = ?`, [delivery.webhookId]);
        await this.update(manager, delivery.id, { ...common, status: "delivered", deliveredAt: now });
        if (!test) await this.release(manager, delivery.webhookId, now);
      });
      return;
    }
    if (now < delivery.retryUntil) {
      webhookDeliveries.inc({ outcome: "retried" });
      await this.transaction(async (manager) => {
        if (test)
          return this.update(manager, delivery.id, { ...common, status: "pending", nextAttemptAt: this.nextAttempt(delivery, now) });
        await lockEndpoint(manager, delivery.webhookId);
        const next = this.nextAttempt({ ...delivery, attempts: await this.streak(manager, delivery) }, now);
        await this.update(manager, delivery.id, { ...common, status: "pending", nextAttemptAt: next });
        await this.holdBack(manager, delivery.webhookId, now, next);
      });
      return;
    }
    webhookDeliveries.inc({ outcome: "failed" });
    this.log.warn({ webhook: delivery.webhookId, delivery: delivery.id, error: attempt.error }, "webhook delivery failed: no more retries");
    await this.trail.during(async () => {
      const event = await this.transaction(async (manager) => {
        if (test) {
          await this.update(manager, delivery.id, { ...common, status: "failed" });
          return undefined;
        }
        await manager.query(`UPDATE webhooks SET consecutiveFailures = consecutiveFailures + 1 WHERE id = ?`, [delivery.webhookId]);
        await this.update(manager, delivery.id, { ...common, status: "failed" });
        await this.holdBack(
          manager,
          delivery.webhookId,
          now,
          this.nextAttempt({ ...delivery, attempts: await this.streak(manager, delivery) }, now, Infinity),
        );
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
  private nextAttempt(delivery: Claimed, now: number, retryUntil = delivery.retryUntil): number {
    const { retryBaseMs, retryMaxMs } = this.config;
    const wait = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(delivery.attempts - 1, 30));
    return Math.min(now + Math.round(wait * (0.5 + Math.random() / 2)), retryUntil);
  }

  /**
   * How many times in a row the endpoint has failed, as far as its waiting deliveries tell: the most attempts among
   * them (a new delivery failing at a dead endpoint waits as long as the oldest one tried, not a first retry's wait).
   */
  private async streak(manager: EntityManager, delivery: Claimed): Promise<number> {
    const [row] = (await manager.query(
      `SELECT MAX(attempts) AS n FROM webhook_deliveries WHERE webhookId = ? AND status = 'pending' AND eventType <> ?`,
      [delivery.webhookId, TEST_EVENT],
    )) as { n: unknown }[];
    return Math.max(delivery.attempts, Number(row?.n ?? 0));
  }

  /**
   * Backs a failing endpoint off as a whole: its pending deliveries due within half the wait until `until` wait until
   * then (each at most until its own window's end, where it has its last attempt). Those held longer already are
   * left: a dead endpoint's long backlog is not rewritten on each of its failures. Test events keep their one try.
   */
  private holdBack(manager: EntityManager, webhookId: number, now: number, until: number) {
    return this.changePending(
      manager,
      "nextAttemptAt = CASE WHEN retryUntil < ? THEN retryUntil ELSE ? END",
      [until, until],
      "webhookId = ? AND status = 'pending' AND eventType <> ? AND nextAttemptAt < ? AND nextAttemptAt < retryUntil",
      [webhookId, TEST_EVENT, now + Math.ceil((until - now) / 2)],
    );
  }

  /**
   * The endpoint answers again: its deliveries never tried, held back only for the endpoint's failures, are due now.
   * Those that failed themselves keep their own wait (one a receiver refuses for its content does not come back on
   * every other delivery's success).
   */
  private release(manager: EntityManager, webhookId: number, now: number) {
    return this.changePending(
      manager,
      "nextAttemptAt = ?",
      [now],
      "webhookId = ? AND status = 'pending' AND attempts = 0 AND nextAttemptAt > ?",
      [webhookId, now],
    );
  }

  /**
   * Changes the deliveries that `where` picks by their ids, in batches, the condition checked again as each row is
   * locked: by primary key MariaDB locks those rows alone, where a range of an index (status, nextAttemptAt) would lock
   * other endpoints' deliveries too, and wait for, or deadlock with, their claims and the writes that queue new ones.
   */
  private async changePending(manager: EntityManager, set: string, setArgs: unknown[], where: string, whereArgs: unknown[]) {
    const ids = ((await manager.query(`SELECT id FROM webhook_deliveries WHERE ${where}`, whereArgs)) as { id: unknown }[]).map((row) =>
      Number(row.id),
    );
    for (let start = 0; start < ids.length; start += CHANGE_BATCH) {
      const batch = ids.slice(start, start + CHANGE_BATCH);
      await manager.query(`UPDATE webhook_deliveries SET ${set} WHERE id IN (${batch.map(() => "?").join(", ")}) AND ${where}`, [
        ...setArgs,
        ...batch,
        ...whereArgs,
      ]);
    }
  }

  /**
   * A transaction recording an attempt, run again (up to three times) when MariaDB rolled it back as a deadlock's
   * victim: otherwise the delivery would stay claimed until its lease ran out, holding one of its endpoint's slots.
   */
  private async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    for (let tries = 1; ; tries++) {
      try {
        return await inTransaction(this.ds, work);
      } catch (error) {
        if (tries >= 3 || (error as { code?: unknown }).code !== "ER_LOCK_DEADLOCK") throw error;
      }
    }
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
