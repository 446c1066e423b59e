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
/** The first block of an (email, IP) pair or of a user's code checks; each further block doubles it, up to a day. */
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

/**
 * One sign-in or code attempt, counted before the password or code is checked;
 * settle it with the outcome. The first settlement counts, later ones do nothing,
 * so `release()` in a `finally` gives back whatever the check never decided.
 */
export interface Attempt {
  /** The right password (and code): the failures in a row are forgotten and the IP's point returned. */
  succeeded(): Promise<void>;
  /** Wrong password or code: the attempt stays counted, and the email slows down. */
  failed(): Promise<void>;
  /** Nothing was learnt (a second step is due, or the server failed): the attempt is given back. */
  refund(): Promise<void>;
  /** Gives the attempt back unless it was settled: a check the server could not finish is not the caller's failure. */
  release(): Promise<void>;
}

/** A counter an attempt took a point from, and what to give back. */
interface Taken {
  limiter: RateLimiterAbstract;
  key: string;
  /** On success: forget the failures in a row (true), or return the one point (false). */
  forgetOnSuccess: boolean;
}

/** A counter to take from; with `blocks`, going over its limit blocks the key, longer each time. */
type Counter = Taken & { blocks?: RateLimiterAbstract };

/**
 * Brute-force protection after rate-limiter-flexible's login pattern:
 * - failures in a row per (email, IP) block that pair, for 15 minutes, then
 *   twice as long each time, up to a day;
 * - wrong two-factor codes in a row per user, from any address and in any
 *   check (sign-in, enabling or disabling two-factor, new recovery codes),
 *   block that user's code checks the same way;
 * - failures per IP per day block that IP for a day;
 * - failures per email from anywhere only slow that email down (a delay that
 *   grows to 5 s): someone else's failures can never lock the owner out.
 * Points are taken before the password is checked, so parallel guesses cannot
 * get more checks than the limit; a success gives them back, and so does a
 * check the server could not finish (the database did not answer): only what
 * the caller got wrong is counted.
 */
export class SignInLimiter {
  private readonly pair: RateLimiterAbstract;
  private readonly pairBlocks: RateLimiterAbstract;
  private readonly codes: RateLimiterAbstract;
  private readonly codeBlocks: RateLimiterAbstract;
  private readonly ipDay: RateLimiterAbstract;
  private readonly email: RateLimiterAbstract;
  private readonly registrations: RateLimiterAbstract;

  constructor(
    private readonly limits: Limits,
    store: LimiterStore,
  ) {
    this.pair = limiter(store, "login:pair:", { points: limits.maxFailuresPerPair, duration: DAY });
    this.pairBlocks = limiter(store, "login:pair-blocks:", { points: 1_000_000, duration: DAY });
    this.codes = limiter(store, "login:codes:", { points: limits.maxFailuresPerPair, duration: DAY });
    this.codeBlocks = limiter(store, "login:code-blocks:", { points: 1_000_000, duration: DAY });
    this.ipDay = limiter(store, "login:ip:", { points: limits.maxFailuresPerIpPerDay, duration: DAY, blockDuration: DAY });
    this.email = limiter(store, "login:email:", { points: 1_000_000, duration: HOUR });
    this.registrations = limiter(store, "register:ip:", { points: limits.registrationsPerIpPerHour, duration: HOUR });
  }

  /** Counts a sign-in attempt, or refuses it (429 with Retry-After) when the pair or the IP is blocked. */
  async begin(email: string, ip: string): Promise<Attempt> {
    await sleep(await this.delayFor(email));
    const taken = await this.take(
      [
        { limiter: this.pair, key: `${email}|${ip}`, forgetOnSuccess: true, blocks: this.pairBlocks },
        { limiter: this.ipDay, key: ip, forgetOnSuccess: false },
      ],
      "Too many failed sign-ins from this address",
    );
    return this.attempt(taken, () => this.email.consume(email));
  }

  /**
   * Counts a two-factor code check of a user, or refuses it (429 with
   * Retry-After) when the user's code checks or the IP are blocked. Within a
   * sign-in (`signIn`), the IP's point is already taken by that attempt.
   */
  async beginCode(userId: number, ip: string, signIn?: Attempt): Promise<Attempt> {
    const counters: Counter[] = [{ limiter: this.codes, key: String(userId), forgetOnSuccess: true, blocks: this.codeBlocks }];
    if (!signIn) counters.push({ limiter: this.ipDay, key: ip, forgetOnSuccess: false });
    return this.attempt(await this.take(counters, "Too many wrong codes for this account", "Checking two-factor codes"));
  }

  /** Takes a point from each counter, or none (and the refusal) when one of them is blocked. */
  private async take(counters: Counter[], message: string, what?: string): Promise<Taken[]> {
    const taken: Taken[] = [];
    try {
      for (const counter of counters) {
        await counter.limiter.consume(counter.key).catch((e) => this.onRefused(counter, e));
        taken.push(counter);
      }
    } catch (e) {
      await Promise.all(taken.map((t) => t.limiter.reward(t.key, 1).catch(() => undefined)));
      throw refusal(e, message, what);
    }
    return taken;
  }

  private attempt(taken: Taken[], onFailure?: () => Promise<unknown>): Attempt {
    let settled = false;
    const settle = (work: () => Promise<unknown>) => async () => {
      if (settled) return;
      settled = true;
      await guard(work());
    };
    const refund = settle(() => Promise.all(taken.map((t) => t.limiter.reward(t.key, 1))));
    return {
      succeeded: settle(() => Promise.all(taken.map((t) => (t.forgetOnSuccess ? t.limiter.delete(t.key) : t.limiter.reward(t.key, 1))))),
      failed: settle(async () => onFailure?.()),
      refund,
      release: refund,
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

  /** A counter just went over its limit: block its key, longer each time it happens again today. */
  private async onRefused(counter: Counter, error: unknown): Promise<never> {
    if (counter.blocks && error instanceof RateLimiterRes && error.consumedPoints === this.limits.maxFailuresPerPair + 1) {
      const blocks = await counter.blocks.consume(counter.key);
      const seconds = Math.min(DAY, FIRST_BLOCK * 2 ** (blocks.consumedPoints - 1));
      throw await counter.limiter.block(counter.key, seconds);
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
