import type { DataSource, EntityManager } from "typeorm";
import type { WebhookConfig } from "../config";
import { inTransaction } from "../resources/kit/transaction";
import { TEST_EVENT } from "./payload";

/**
 * How long past an attempt's timeout its claim holds (the attempt, bounded by WEBHOOK_TIMEOUT_MS, and recording
 * its outcome): then another worker takes the delivery over, its sender having died (a killed replica).
 */
const LEASE_MARGIN_MS = 5_000;

export interface Claimed {
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
 * A due delivery of `d` (joined to its endpoint `w`): pending and due, or its lease run out; its endpoint enabled
 * (a test event goes to a disabled one too); and no earlier delivery of the same record to the same endpoint
 * unfinished, so that a record's deliveries go in order. Its parameters: DUE_ARGS.
 */
const DUE = `((d.status = 'pending' AND d.nextAttemptAt <= ?) OR (d.status = 'sending' AND d.leaseUntil < ?))
  AND (w.enabled = ? OR d.eventType = ?)
  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.webhookId = d.webhookId AND e.recordKey = d.recordKey
    AND e.id < d.id AND e.status IN ('pending', 'sending'))`;
const DUE_ARGS = (now: number) => [now, now, 1, TEST_EVENT];

/**
 * Makes every later claim of an endpoint's deliveries wait for this transaction (on every replica: the row lock on
 * MariaDB, the write lock on SQLite, taken by this first write), so that what it then reads of the endpoint's
 * deliveries is not raced. Whatever touches an endpoint's row and its deliveries in one transaction takes the row
 * first, so two of them never wait for each other.
 */
export const lockEndpoint = (manager: EntityManager, webhookId: number) =>
  manager.query(`UPDATE webhooks SET consecutiveFailures = consecutiveFailures WHERE id = ?`, [webhookId]);

/**
 * Which due deliveries a worker sends next, fairly between endpoints: each endpoint has at most
 * WEBHOOK_IN_FLIGHT_PER_ENDPOINT deliveries in flight (counted over every replica), and the endpoints with due
 * deliveries take turns, one delivery each per round, the round starting after the endpoint served last. So an
 * endpoint that hangs or fails holds its few slots, and its backlog, however long, is not ahead of the others'.
 * Each delivery is won by one conditional update (pending and due, or its lease run out → sending, leased), which only
 * one worker's update can win on either database.
 */
export class DeliveryClaims {
  /** The endpoint served last: the next round starts after it. */
  private cursor = 0;

  constructor(
    private readonly ds: DataSource,
    private readonly config: WebhookConfig,
  ) {}

  /** Up to `room` due deliveries, each won by this worker. */
  async claim(room: number): Promise<Claimed[]> {
    const now = Date.now();
    const turns = await this.turns(room, now);
    if (!turns.length) return [];
    this.cursor = turns[turns.length - 1];
    const candidates = new Map<number, number[]>();
    for (const webhookId of new Set(turns)) {
      const wanted = turns.filter((id) => id === webhookId).length;
      const rows = (await this.ds.query(
        `SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhookId WHERE d.webhookId = ? AND ${DUE} ORDER BY d.id LIMIT ${wanted}`,
        [webhookId, ...DUE_ARGS(now)],
      )) as { id: unknown }[];
      candidates.set(
        webhookId,
        rows.map((row) => Number(row.id)),
      );
    }
    const claimed: Claimed[] = [];
    const full = new Set<number>();
    for (const webhookId of turns) {
      const id = candidates.get(webhookId)?.shift();
      if (id === undefined || full.has(webhookId)) continue;
      const outcome = await this.take(webhookId, id, now);
      if (outcome === "full") full.add(webhookId);
      if (outcome !== "won") continue;
      const delivery = await this.read(id);
      if (delivery) claimed.push(delivery);
    }
    return claimed;
  }

  /** The endpoints to take a delivery of, in order: one per endpoint per round, within each one's free slots. */
  private async turns(room: number, now: number): Promise<number[]> {
    const due = (await this.ds.query(
      `SELECT d.webhookId AS webhookId, COUNT(*) AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhookId
       WHERE ${DUE} GROUP BY d.webhookId`,
      DUE_ARGS(now),
    )) as { webhookId: unknown; n: unknown }[];
    if (!due.length) return [];
    const busy = new Map(
      (
        (await this.ds.query(
          `SELECT webhookId, COUNT(*) AS n FROM webhook_deliveries WHERE status = 'sending' AND leaseUntil >= ? GROUP BY webhookId`,
          [now],
        )) as { webhookId: unknown; n: unknown }[]
      ).map((row) => [Number(row.webhookId), Number(row.n)]),
    );
    const cap = this.config.perEndpoint;
    const byId = due.map((row) => ({ id: Number(row.webhookId), n: Number(row.n) })).sort((a, b) => a.id - b.id);
    // The round starts after the endpoint served last, and wraps around.
    const ordered = [...byId.filter((endpoint) => endpoint.id > this.cursor), ...byId.filter((endpoint) => endpoint.id <= this.cursor)];
    const slots = ordered
      .map((endpoint) => ({ id: endpoint.id, free: Math.min(cap - (busy.get(endpoint.id) ?? 0), endpoint.n) }))
      .filter((endpoint) => endpoint.free > 0);
    const turns: number[] = [];
    for (let round = 0; turns.length < room && slots.some((endpoint) => endpoint.free > round); round++)
      for (const endpoint of slots) if (endpoint.free > round && turns.length < room) turns.push(endpoint.id);
    return turns;
  }

  /** Claims one delivery unless its endpoint has its most in flight already ("full") or another worker won it. */
  private take(webhookId: number, id: number, now: number): Promise<"won" | "lost" | "full"> {
    return inTransaction(this.ds, async (manager) => {
      await lockEndpoint(manager, webhookId);
      const [flying] = (await manager.query(
        `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE webhookId = ? AND status = 'sending' AND leaseUntil >= ?`,
        [webhookId, now],
      )) as { n: unknown }[];
      if (Number(flying?.n ?? 0) >= this.config.perEndpoint) return "full";
      const won = await manager
        .createQueryBuilder()
        .update("webhook_deliveries")
        .set({ status: "sending", leaseUntil: now + 2 * this.config.timeoutMs + LEASE_MARGIN_MS, attempts: () => "attempts + 1" })
        .where("id = :id", { id })
        .andWhere("((status = 'pending' AND nextAttemptAt <= :now) OR (status = 'sending' AND leaseUntil < :now))", { now })
        .execute();
      return won.affected ? "won" : "lost";
    });
  }

  private async read(id: number): Promise<Claimed | undefined> {
    const [row] = (await this.ds.query(
      `SELECT d.id, d.webhookId, d.messageId, d.eventType, d.body, d.attempts, d.retryUntil, w.url, w.secret
       FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhookId WHERE d.id = ?`,
      [id],
    )) as Record<string, unknown>[];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      webhookId: Number(row.webhookId),
      messageId: String(row.messageId),
      eventType: String(row.eventType),
      body: String(row.body),
      attempts: Number(row.attempts),
      retryUntil: Number(row.retryUntil),
      url: String(row.url),
      secret: String(row.secret),
    };
  }
}
