import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { ServiceUnavailableError, TooManyRequestsError } from "../errors";

/**
 * How often one user may announce a presence (PRESENCE_PER_MINUTE), all their tabs and sessions together: each
 * announcement is told to every open stream of every replica, so its rate is what bounds that work. Counted in
 * Redis when the replicas share one (a user spread over replicas gets no more), in the process otherwise.
 */
export class PresenceLimiter {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly perMinute: number,
    store: { redis?: Redis; prefix: string },
  ) {
    const opts = { points: perMinute, duration: 60 };
    this.limiter = store.redis
      ? new RateLimiterRedis({ storeClient: store.redis, keyPrefix: `${store.prefix}presence`, rejectIfRedisNotReady: true, ...opts })
      : new RateLimiterMemory({ keyPrefix: "presence", ...opts });
  }

  /** Counts one announcement of `userId`, or refuses it: 429 with a retry delay, or 503 when Redis does not answer. */
  async take(userId: number): Promise<void> {
    try {
      await this.limiter.consume(String(userId));
    } catch (e) {
      if (e instanceof RateLimiterRes) {
        throw new TooManyRequestsError(
          `You announced your presence more than ${this.perMinute} times in a minute; try again later`,
          e.msBeforeNext / 1000,
        );
      }
      // Redis away: fail closed, as the other limits do.
      throw new ServiceUnavailableError("The rate limit store does not answer; try again shortly");
    }
  }
}
