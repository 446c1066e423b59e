import { randomUUID } from "crypto";
import type { Redis } from "ioredis";
import type { Logger } from "../logger";
import type { VersionMove } from "./kept";
import type { ResourceVersions } from "./versions";

/** How often each replica re-reads every version (pub/sub usually tells it within milliseconds). */
export const REFRESH_MS = 200;
/**
 * How long a read of the versions is trusted, counted from when it was sent:
 * every write acknowledged before that moment is in it, so an answer served
 * on it is never older than the last acknowledged write by more than this.
 */
export const TRUST_MS = 900;

/** The field holding the hash's epoch: a new one whenever Redis lost the hash (restart without persistence, flush). */
const EPOCH = "~epoch";

/** Counts a write and tells every replica, in one step: returns the epoch and the new count. */
const BUMP = `
redis.call('HSETNX', KEYS[1], '${EPOCH}', ARGV[2])
local n = redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
local epoch = redis.call('HGET', KEYS[1], '${EPOCH}')
redis.call('PUBLISH', KEYS[1], epoch .. ' ' .. n .. ' ' .. ARGV[1])
return {epoch, n}`;

/** Every version and the epoch (started here if the hash is new). */
const READ = `
redis.call('HSETNX', KEYS[1], '${EPOCH}', ARGV[1])
return redis.call('HGETALL', KEYS[1])`;

/**
 * Resource versions shared through Redis: one hash under the prefix, counted
 * up by each write (awaited before the write answers) and published on a
 * channel of the same name, which updates each replica's mirror at once. A
 * re-read every REFRESH_MS bounds the lag whatever happens to the messages:
 * the mirror is trusted for TRUST_MS after a read was sent, and while it is
 * not (Redis away, a read late, a count that failed) `of` answers undefined,
 * so reads go uncached to the database. Each time trust comes back the tokens
 * change (a new generation), so no answer kept before an outage is served
 * after it, whatever writes the outage hid.
 */
export class RedisVersions implements ResourceVersions {
  private readonly key: string;
  private readonly subscriber: Redis;
  private readonly timer: NodeJS.Timeout;
  private epoch?: string;
  private counts = new Map<string, number>();
  private generation = 0;
  private trustedUntil = 0;
  /** Counts each loss of trust, so that a read sent before it cannot restore trust after it. */
  private lapses = 0;
  /** Resources whose count failed: counted again before trust returns. */
  private readonly unsent = new Set<string>();
  private refreshing?: Promise<void>;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: Logger,
  ) {
    this.key = `${prefix}versions`;
    this.subscriber = redis.duplicate();
    this.subscriber.on("error", () => undefined); // the main client reports the outage
    // A lost connection may hide writes (their counts failed elsewhere): stop trusting the mirror at once, not TRUST_MS later.
    this.subscriber.on("close", () => this.distrust());
    redis.on("close", () => this.distrust());
    this.subscriber.on("message", (_channel: string, message: string) => this.heard(message));
    // Subscribed again after each reconnect (ioredis does not queue commands here), then re-read.
    this.subscriber.on("ready", () => {
      this.subscriber.subscribe(this.key).then(
        () => this.refresh(),
        () => undefined,
      );
    });
    this.timer = setInterval(() => void this.refresh(), REFRESH_MS).unref();
    void this.refresh();
  }

  of(resource: string): string | undefined {
    if (Date.now() >= this.trustedUntil) return undefined;
    return this.token(this.counts.get(resource) ?? 0);
  }

  private token(count: number) {
    return `${this.epoch}.${this.generation}.${count}`;
  }

  /** The move is known from the count HINCRBY answered: n-1 → n is this write's alone, whatever other replicas did before or after. */
  async bump(resource: string): Promise<VersionMove | undefined> {
    try {
      const [epoch, answered] = (await this.redis.eval(BUMP, 1, this.key, resource, randomUUID())) as [string, number];
      const count = Number(answered);
      if (epoch === this.epoch) {
        this.raise(resource, count);
        // Tokens carry the generation of the mirror's trust: an outage in between makes the move unknown.
        return Date.now() < this.trustedUntil ? { from: this.token(count - 1), to: this.token(count) } : undefined;
      } else {
        // Redis lost the hash since the last read: this mirror is from another epoch.
        this.distrust();
        void this.refresh();
      }
    } catch (error) {
      this.unsent.add(resource);
      this.distrust();
      // Before the first read (a write at start, Redis still connecting) there is nothing cached to worry about.
      this.log[this.epoch === undefined ? "debug" : "warn"](
        { err: error, resource },
        "could not count a write in Redis; cached answers are off until it is counted",
      );
    }
    return undefined;
  }

  /** Stops re-reading (waiting for a read under way) and closes the subscriber; the main client belongs to the caller. */
  async close() {
    clearInterval(this.timer);
    this.closed = true;
    await this.refreshing;
    this.subscriber.disconnect();
  }

  private heard(message: string) {
    const [epoch, count, resource] = message.split(" ");
    if (epoch !== this.epoch) {
      this.distrust();
      void this.refresh();
    } else if (resource) this.raise(resource, Number(count));
  }

  private raise(resource: string, count: number) {
    if (count > (this.counts.get(resource) ?? 0)) this.counts.set(resource, count);
  }

  private distrust() {
    this.trustedUntil = 0;
    this.lapses++;
  }

  private refresh(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.refreshing ??= this.read()
      .catch(() => undefined) // not trusted until a read succeeds
      .finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async read() {
    const sent = Date.now();
    const lapses = this.lapses;
    const wasTrusted = sent < this.trustedUntil;
    for (const resource of [...this.unsent]) {
      await this.redis.eval(BUMP, 1, this.key, resource, randomUUID());
      this.unsent.delete(resource);
    }
    const flat = (await this.redis.eval(READ, 1, this.key, randomUUID())) as string[];
    if (this.lapses !== lapses) return; // trust was lost meanwhile: the next read decides
    const read = new Map<string, number>();
    let epoch: string | undefined;
    for (let i = 0; i + 1 < flat.length; i += 2) {
      if (flat[i] === EPOCH) epoch = flat[i + 1];
      else read.set(flat[i], Number(flat[i + 1]));
    }
    if (epoch !== this.epoch) {
      this.epoch = epoch;
      this.counts = read;
    } else for (const [resource, count] of read) this.raise(resource, count);
    if (!wasTrusted) this.generation++;
    this.trustedUntil = sent + TRUST_MS;
  }
}
