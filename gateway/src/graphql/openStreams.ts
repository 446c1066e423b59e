import { randomUUID } from "crypto";
import type { Response } from "express";
import type { Redis } from "ioredis";
import type { AuthUser } from "../auth/tokens";
import type { SubscriptionLimits } from "../config";
import { ServiceUnavailableError, TooManyRequestsError } from "../errors";

/** A stream whose process has not said it is still open for this long is no longer counted (its process died). */
const STALE_MS = 30_000;
/** How often a process says its streams are still open: three times within STALE_MS, so one late beat drops nothing. */
const BEAT_MS = STALE_MS / 3;

/**
 * Drops the user's streams not heard of for STALE_MS, then takes a place for a new one unless the user has `limit`:
 * answers -1 for a place taken, or how many the user holds. Atomic, so two replicas cannot both take the last place.
 */
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
local held = redis.call('ZCARD', KEYS[1])
if held >= tonumber(ARGV[3]) then return held end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return -1`;

/**
 * Streams open, in all on this process (SUBSCRIPTIONS_MAX) and per user (SUBSCRIPTIONS_PER_USER). With Redis, a
 * user's streams are counted across the replicas: a sorted set per user of stream ids scored by when their process
 * last said they were open (every BEAT_MS), so the streams of a process that died stop counting after STALE_MS.
 * Without it, this process's count is the count.
 */
export class OpenStreams {
  private total = 0;
  private readonly byUser = new Map<number, number>();
  /** This process's streams in Redis (key → ids), beaten for while they are open. */
  private readonly shared = new Map<string, Set<string>>();
  private beat: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: SubscriptionLimits,
    private readonly redis?: Redis,
    private readonly prefix = "",
  ) {}

  /** Holds a place for `user`'s stream until `res` closes, or refuses (429 for the user, 503 for the process or Redis away). */
  async hold(user: AuthUser, res: Response) {
    if (this.total >= this.limits.total)
      throw new ServiceUnavailableError("This server holds as many change streams as it may; try again shortly");
    const mine = this.byUser.get(user.id) ?? 0;
    if (mine >= this.limits.perUser) throw this.tooMany(mine);
    // Taken here before Redis answers, so that requests arriving meanwhile see it.
    this.total++;
    this.byUser.set(user.id, mine + 1);
    let release = () => undefined as void;
    // The client may leave while Redis answers: its place is given back all the same.
    let closed = false;
    const onClose = () => (closed = true);
    res.once("close", onClose);
    try {
      if (this.redis) release = await this.takeShared(user);
    } catch (error) {
      this.give(user.id);
      throw error;
    } finally {
      res.off("close", onClose);
    }
    const done = () => {
      this.give(user.id);
      release();
    };
    if (closed) done();
    else res.once("close", done);
  }

  private give(userId: number) {
    this.total--;
    const left = (this.byUser.get(userId) ?? 1) - 1;
    if (left) this.byUser.set(userId, left);
    else this.byUser.delete(userId);
  }

  private tooMany(held: number) {
    return new TooManyRequestsError(`You already have ${held} change streams open; close one (at most ${this.limits.perUser})`, 30);
  }

  private async takeShared(user: AuthUser): Promise<() => void> {
    const redis = this.redis!;
    const key = `${this.prefix}streams:${user.id}`;
    const id = randomUUID();
    let held: unknown;
    try {
      held = await redis.eval(TAKE, 1, key, Date.now(), STALE_MS, this.limits.perUser, id);
    } catch {
      // Fail closed, as the other shared limits do: unbounded streams are what this prevents.
      throw new ServiceUnavailableError("Change streams are unavailable right now (the limits store does not answer); try again shortly");
    }
    if (Number(held) >= 0) throw this.tooMany(Number(held));
    const ids = this.shared.get(key) ?? new Set<string>();
    ids.add(id);
    this.shared.set(key, ids);
    this.beat ??= setInterval(() => this.beatAll(), BEAT_MS).unref();
    return () => {
      ids.delete(id);
      if (!ids.size) this.shared.delete(key);
      if (!this.shared.size) {
        clearInterval(this.beat);
        this.beat = undefined;
      }
      // A place not given back (Redis away) is dropped after STALE_MS, when no beat has kept it.
      void redis.zrem(key, id).catch(() => undefined);
    };
  }

  /** Says every stream of this process is still open; one that failed is kept by the next beat, or dropped after STALE_MS. */
  private beatAll() {
    const now = Date.now();
    const pipeline = this.redis!.pipeline();
    for (const [key, ids] of this.shared) {
      for (const id of ids) pipeline.zadd(key, "XX", now, id);
      pipeline.pexpire(key, STALE_MS);
    }
    void pipeline.exec().catch(() => undefined);
  }
}
