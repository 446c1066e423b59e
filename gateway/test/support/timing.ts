import { performance } from "perf_hooks";

/**
 * Waits and measurements whose verdict does not depend on the machine's speed: `npm test` runs beside other lanes on
 * a two-core machine, where anything can take several times its quiet time. A wait is on a condition, bounded far
 * beyond any machine's slowness only to turn a hang into a failure that says what never happened; a time is compared
 * with another taken beside it, never with a number of milliseconds.
 */

/** Under jest's 60 s per test, so that a wait that gives up fails with its own message. */
const CEILING_MS = 30_000;

/** Polls `condition` until it holds; fails naming `what` if it has not after `ceilingMs`. */
export async function waitFor<T>(what: string, condition: () => T | Promise<T>, ceilingMs = CEILING_MS): Promise<T> {
  const giveUp = performance.now() + ceilingMs;
  for (;;) {
    const value = await condition();
    if (value) return value;
    if (performance.now() > giveUp) throw new Error(`gave up after ${ceilingMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Settles as `promise` does; fails naming `what` if it has not after `ceilingMs`. */
export async function within<T>(what: string, promise: PromiseLike<T>, ceilingMs = CEILING_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const ceiling = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`gave up after ${ceilingMs / 1000} s waiting for ${what}`)), ceilingMs);
  });
  try {
    return await Promise.race([promise, ceiling]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `send` and measures it. */
export async function timed<T>(send: () => PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const start = performance.now();
  const res = await send();
  return { res, ms: performance.now() - start };
}

/** The middle value (the mean of the two middle ones for an even count). */
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Takes `first` and `second` alternately, `samples` times each (each gives the milliseconds it measured), and gives
 * the medians' ratio (first / second): a load spike slows both alike, and one that hits a single sample moves neither
 * median.
 */
export async function interleavedRatio(
  first: () => Promise<number>,
  second: () => Promise<number>,
  samples: number,
): Promise<{ ratio: number; first: number[]; second: number[] }> {
  const times = { first: [] as number[], second: [] as number[] };
  for (let sample = 0; sample < samples; sample++) {
    times.first.push(await first());
    times.second.push(await second());
  }
  return { ratio: median(times.first) / median(times.second), ...times };
}
