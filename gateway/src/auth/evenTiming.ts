import { setTimeout as sleep } from "node:timers/promises";

/** The longest an answer waits to match: a database stalled for a moment must not hold the answers after it. */
const MAX_WAIT_MS = 5_000;
/** How much the latest creation moves the typical time (the rest is the earlier ones'). */
const LATEST_WEIGHT = 0.3;

/**
 * Registration's two answers in the same time. Creating an account (the hash, then the writes) is timed, and an answer
 * that found the email taken (the hash, no write) waits until it has taken as long as creations lately do. Hashing
 * alone evened them on an idle database; on a busy one the writes took longer than the hash, and a taken email
 * answered in under half the time of a free one (seen in the test suite beside its other lanes).
 */
export class EvenTiming {
  private typicalMs = 0;

  /** A creation took `ms`. */
  created(ms: number) {
    this.typicalMs = this.typicalMs ? (1 - LATEST_WEIGHT) * this.typicalMs + LATEST_WEIGHT * ms : ms;
  }

  /** Waits until an answer begun `elapsedMs` ago has taken as long as a creation does. */
  async pad(elapsedMs: number) {
    const wait = Math.min(this.typicalMs, MAX_WAIT_MS) - elapsedMs;
    if (wait > 0) await sleep(wait);
  }
}
