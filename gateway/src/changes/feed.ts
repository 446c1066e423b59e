import { randomUUID } from "crypto";
import type { Redis } from "ioredis";
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from "typeorm";
import type { Logger } from "../logger";

/** One committed write, as subscribers and webhooks learn of it (no values: a subscriber reads the record itself). */
export interface Change {
  /** The GraphQL type name of what was written (`News`, `BlocklistEntry`...). */
  resource: string;
  id: string | null;
  /** The audit trail's operation: create, update, delete, restore... */
  op: string;
  /** The record's version after the write, when the resource keeps one. */
  version: number | null;
  /** Who wrote it, by name (`system` for the gateway itself). */
  actor: string | null;
  /** When it was written (ISO 8601). */
  at: string;
  /** A presence's admin tab (changes/presence.ts); no write has one. */
  tab?: string | null;
}

export type ChangeListener = (change: Change) => void;

/** Why this process may have missed changes of the other replicas (or they, its own): its streams are then ended. */
export type Loss = "subscriber" | "publish" | "notice";

interface Queued {
  /** The transaction depth the change was written at: a rolled-back savepoint drops what it wrote. */
  depth: number;
  change: Change;
}

/** The depth of the runner's transaction (1 outside any savepoint); TypeORM keeps it protected. */
const depthOf = (runner: QueryRunner) => (runner as unknown as { transactionDepth?: number }).transactionDepth ?? 1;

/**
 * Every committed write, once: the audit trail queues one change per event it
 * appends, in the write's transaction, and the feed publishes it when that
 * transaction commits (dropped when it rolls back). Within the process the
 * listeners hear it at once; with Redis, every other replica hears it through
 * pub/sub on `<prefix>changes` (a replica ignores its own messages).
 *
 * Pub/sub keeps nothing for a replica that was not listening: while its
 * subscriber connection is down, or when one of its publishes fails, changes
 * were lost on the way, so whoever listens for losses (open change streams) is
 * told, to end rather than stay open and silently incomplete.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly pending = new WeakMap<QueryRunner, Queued[]>();
  private readonly channel: string;
  private readonly subscriber?: Redis;
  /** This feed's own messages are the ones it must not hear twice (two apps in one process share a replica id). */
  private readonly origin = randomUUID();
  private readonly lossListeners = new Set<(loss: Loss) => void>();
  /** Publishes failed since the last notice sent: the other replicas are to be told (see `notify`). */
  private owed = 0;
  /** Subscribed on the channel now (always true without Redis: nothing can be missed). */
  private subscribed: boolean;

  constructor(
    ds: DataSource,
    private readonly log: Logger,
    private readonly redis?: Redis,
    prefix = "",
  ) {
    this.channel = `${prefix}changes`;
    this.subscribed = !redis;
    ds.subscribers.push(this.transactionHooks());
    if (redis) {
      redis.on("ready", () => this.notify());
      const subscriber = redis.duplicate();
      this.subscriber = subscriber;
      // The main client logs the outage; an error while not connected means the subscription is gone.
      subscriber.on("error", () => {
        if (subscriber.status !== "ready") this.unsubscribed();
      });
      subscriber.on("close", () => this.unsubscribed());
      subscriber.on("end", () => this.unsubscribed());
      subscriber.on("message", (_channel: string, message: string) => this.heard(message));
      // Subscribed again after each reconnect (ioredis does not queue commands here).
      subscriber.on("ready", () => {
        subscriber.subscribe(this.channel).then(
          () => (this.subscribed = subscriber.status === "ready"),
          () => subscriber.disconnect(true), // not subscribed on a live connection: start it again
        );
      });
    }
  }

  /** Whether this process hears every change now (with Redis: its subscriber is subscribed); a stream opened otherwise would miss some. */
  get live(): boolean {
    return this.subscribed;
  }

  /** Waits, at most `timeoutMs`, until this process hears every change (its subscription made); answers whether it does. */
  async whenLive(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (!this.subscribed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return this.subscribed;
  }

  /** Told each time changes may have been lost (the subscriber's connection down, a publish failed); returns how to stop. */
  onLoss(listener: (loss: Loss) => void): () => void {
    this.lossListeners.add(listener);
    return () => this.lossListeners.delete(listener);
  }

  /** Queues a change written through `manager`: published once its transaction commits (at once outside one). */
  queue(manager: EntityManager, change: Change) {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) return this.publish(change);
    const queued = this.pending.get(runner) ?? [];
    queued.push({ depth: depthOf(runner), change });
    this.pending.set(runner, queued);
  }

  /** Hears every change from now on, on this replica and the others; returns how to stop. */
  listen(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close() {
    this.listeners.clear();
    this.lossListeners.clear();
    this.subscriber?.disconnect();
  }

  private unsubscribed() {
    if (!this.subscribed) return;
    this.subscribed = false;
    this.lost("subscriber");
  }

  private lost(loss: Loss) {
    for (const listener of [...this.lossListeners]) {
      try {
        listener(loss);
      } catch (error) {
        this.log.error({ err: error }, "a change loss listener failed");
      }
    }
  }

  private transactionHooks(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: ({ queryRunner }) => {
        // A released savepoint commits nothing yet: the outer transaction's commit publishes.
        if (queryRunner.isTransactionActive) return;
        const queued = this.pending.get(queryRunner);
        this.pending.delete(queryRunner);
        for (const { change } of queued ?? []) this.publish(change);
      },
      afterTransactionRollback: ({ queryRunner }) => {
        const queued = this.pending.get(queryRunner);
        if (!queued) return;
        if (!queryRunner.isTransactionActive) return void this.pending.delete(queryRunner);
        const depth = depthOf(queryRunner);
        this.pending.set(
          queryRunner,
          queued.filter((entry) => entry.depth <= depth),
        );
      },
    };
  }

  /** Tells a change at once, here and to the other replicas: a write outside any transaction, or a presence (nothing written). */
  publish(change: Change) {
    this.tell(change);
    void this.redis?.publish(this.channel, JSON.stringify({ from: this.origin, change })).then(
      () => this.notify(),
      (error: unknown) => {
        this.log.warn({ err: error }, "could not publish a change to the other replicas");
        this.owed++;
        // The others missed it, and this process, which cannot reach Redis, likely misses theirs.
        this.lost("publish");
      },
    );
  }

  /** Tells the other replicas, once Redis answers again, that they missed changes of this one (kept owed until it is sent). */
  private notify() {
    const owed = this.owed;
    if (!owed || !this.redis) return;
    this.redis.publish(this.channel, JSON.stringify({ from: this.origin, lost: true })).then(
      () => (this.owed -= owed),
      () => undefined, // still owed: the next reconnect or successful publish sends it
    );
  }

  private heard(message: string) {
    try {
      const { from, change, lost } = JSON.parse(message) as { from: string; change?: Change; lost?: boolean };
      if (from === this.origin) return;
      if (lost) this.lost("notice");
      else if (change) this.tell(change);
    } catch {
      // Not ours (another product on the channel): nothing to tell.
    }
  }

  private tell(change: Change) {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        this.log.error({ err: error }, "a change listener failed");
      }
    }
  }
}
