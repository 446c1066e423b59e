import type { Redis } from "ioredis";
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { SignInLimits as Limits } from "../config";
import { ServiceUnavailableError, TooManyRequestsError } from "../errors";

/** Where limiter counters live: this process, or Redis (shared by every replica) under a key prefix. */
export interface LimiterStore {
  redis?: Redis;
  prefix: string;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
/** The first block of an (email, IP) pair; each further block doubles it, up to a day. */
const FIRST_BLOCK = 15 * 60;
/** The longest delay a much-attacked email adds to each attempt. */
const MAX_DELAY_MS = 5000;

function limiter(
  store: LimiterStore,
  name: string,
  opts: { points: number; duration: number; blockDuration?: number },
): RateLimiterAbstract {
  if (store.redis) {
    // Fail fast when Redis is away: sign-in then fails closed (503), never unlimited.
    return new RateLimiterRedis({ storeClient: store.redis, keyPrefix: `${store.prefix}${name}`, rejectIfRedisNotReady: true, ...opts });
  }
  return new RateLimiterMemory({ keyPrefix: name, ...opts });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One sign-in attempt, counted before the password is checked; settle it with the outcome. */
export interface Attempt {
  /** The right password (and code): the pair's failures are forgotten and the IP's point returned. */
  succeeded(): Promise<void>;
  /** Wrong password or code: the attempt stays counted, and the email slows down. */
  failed(): Promise<void>;
  /** The password was right but a second step is due: the attempt is returned, nothing is learnt. */
  refund(): Promise<void>;
}

/**
 * Brute-force protection after rate-limiter-flexible's login pattern:
 * - failures in a row per (email, IP) block that pair, for 15 minutes, then
 *   twice as long each time, up to a day;
 * - failures per IP per day block that IP for a day;
 * - failures per email from anywhere only slow that email down (a delay that
 *   grows to 5 s): someone else's failures can never lock the owner out.
 * Points are taken before the password is checked, so parallel guesses cannot
 * get more checks than the limit; a success gives them back.
 */
export class SignInLimiter {
  private readonly pair: RateLimiterAbstract;
  private readonly pairBlocks: RateLimiterAbstract;
  private readonly ipDay: RateLimiterAbstract;
  private readonly email: RateLimiterAbstract;
  private readonly registrations: RateLimiterAbstract;

  constructor(
    private readonly limits: Limits,
    store: LimiterStore,
  ) {
    this.pair = limiter(store, "login:pair:", { points: limits.maxFailuresPerPair, duration: DAY });
    this.pairBlocks = limiter(store, "login:pair-blocks:", { points: 1_000_000, duration: DAY });
    this.ipDay = limiter(store, "login:ip:", { points: limits.maxFailuresPerIpPerDay, duration: DAY, blockDuration: DAY });
    this.email = limiter(store, "login:email:", { points: 1_000_000, duration: HOUR });
    this.registrations = limiter(store, "register:ip:", { points: limits.registrationsPerIpPerHour, duration: HOUR });
  }

  /** Counts an attempt, or refuses it (429 with Retry-After) when the pair or the IP is blocked. */
  async begin(email: string, ip: string): Promise<Attempt> {
    const pairKey = `${email}|${ip}`;
    await sleep(await this.delayFor(email));
    let pairTaken = false;
    try {
      await this.pair.consume(pairKey).then(
        () => (pairTaken = true),
        (e) => this.onPairRefused(pairKey, e),
      );
      await this.ipDay.consume(ip);
    } catch (e) {
      if (pairTaken) await this.pair.reward(pairKey, 1).catch(() => undefined);
      throw refusal(e, "Too many failed sign-ins from this address");
    }
    return {
      succeeded: () => guard(Promise.all([this.pair.delete(pairKey), this.ipDay.reward(ip, 1)])),
      failed: () => guard(this.email.consume(email)),
      refund: () => guard(Promise.all([this.pair.reward(pairKey, 1), this.ipDay.reward(ip, 1)])),
    };
  }

  /** Counts a self-registration from an IP, or refuses it. */
  async register(ip: string): Promise<void> {
    try {
      await this.registrations.consume(ip);
    } catch (e) {
      throw refusal(e, "Too many registrations from this address", "Registration");
    }
  }

  /** The wait before an attempt for an email that failed more than the limit this hour. */
  private async delayFor(email: string): Promise<number> {
    const res = await this.email.get(email).catch((e) => {
      throw refusal(e, "");
    });
    const excess = (res?.consumedPoints ?? 0) - this.limits.slowDownAfterPerEmail;
    return excess > 0 ? Math.min(MAX_DELAY_MS, 250 * 2 ** Math.min(excess - 1, 10)) : 0;
  }

  /** The pair just went over its limit: block it, longer each time it happens again today. */
  private async onPairRefused(pairKey: string, error: unknown): Promise<never> {
    if (error instanceof RateLimiterRes && error.consumedPoints === this.limits.maxFailuresPerPair + 1) {
      const blocks = await this.pairBlocks.consume(pairKey);
      const seconds = Math.min(DAY, FIRST_BLOCK * 2 ** (blocks.consumedPoints - 1));
      throw await this.pair.block(pairKey, seconds);
    }
    throw error;
  }
}

/** A limiter's refusal as a 429 with Retry-After; a store that failed as a 503 (fail closed). */
function refusal(error: unknown, message: string, what = "Sign-in"): Error {
  if (error instanceof RateLimiterRes) {
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return new TooManyRequestsError(`${message}; try again in ${describe(seconds)}`, seconds);
  }
  return new ServiceUnavailableError(`${what} is unavailable right now (the limits store does not answer); try again shortly`);
}

/** Settling an attempt must not fail the request that already has its answer. */
const guard = async (p: Promise<unknown>) => {
  await p.catch(() => undefined);
};

const describe = (seconds: number) =>
  seconds < 90 ? `${seconds} seconds` : seconds < 90 * 60 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds / 3600)} hours`;
