import { randomUUID } from "crypto";
import type { Redis } from "ioredis";

/**
 * Long enough to outlive any session cache entry (SESSION_CACHE_MS is at most
 * a minute): an expired mark reads as none, which no entry cached after a
 * change can hold.
 */
const MARK_SECONDS = 3600;

/**
 * Per user, a random mark in Redis that every change to their sessions
 * replaces (logout, password, role, approval, two-factor). Each replica keeps a
 * cached session lookup only while the user's mark is the one it was cached
 * with, so a session ended on one replica is refused by all of them at once.
 */
export class SessionMarks {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The user's mark (null: none yet), or undefined when Redis does not answer: then nothing cached may be trusted. */
  async of(userId: number): Promise<string | null | undefined> {
    return this.redis.get(this.key(userId)).catch(() => undefined);
  }

  /** A new mark: what any replica cached of this user's sessions is stale. */
  async change(userId: number): Promise<void> {
    // Redis away: the other replicas cannot read marks either, so they ask the database, which has the change.
    await this.redis.set(this.key(userId), randomUUID(), "EX", MARK_SECONDS).catch(() => undefined);
  }

  private key(userId: number) {
    return `${this.prefix}session-mark:${userId}`;
  }
}
