/**
 * Turns for expensive requests: at most `atOnce` run at a time, the others
 * wait in arrival order. A large read on better-sqlite3 runs in synchronous
 * slices (rows read, GraphQL completion, serialisation); eight of them
 * interleaved fill every turn of the event loop with their slices, so a
 * /healthz waits behind all of them. Taking turns leaves one or two slices
 * per loop turn, and the total work is the same (one thread does it anyway).
 */
export class HeavyTurns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  /** Waits for a turn; the function it answers ends the turn (calling it again does nothing). */
  async take(): Promise<() => void> {
    if (this.running < this.atOnce) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next in line (running stays the same), or frees up.
      if (next) next();
      else this.running--;
    };
  }
}
