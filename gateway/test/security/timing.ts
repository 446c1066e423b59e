import { performance } from "perf_hooks";

/**
 * Refusals take milliseconds (the bar is 100 ms, measured on an idle
 * machine); the bound leaves room for a two-core CI machine running two other
 * lanes of suites beside this one (a 100 ms answer was seen at 504 ms there),
 * while a request that does the work it should refuse takes seconds.
 */
export const REFUSE_MS = 1000;

/** Runs a request and measures it. */
export async function timed<T>(send: () => PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const start = performance.now();
  const res = await send();
  return { res, ms: performance.now() - start };
}

/**
 * The slowest of a few answers to `request` just before a measurement: what this machine adds to any answer at that
 * moment. Bounds are REFUSE_MS on top of it: the other lanes of `npm test` on a two-core machine were seen adding more
 * than a second to a 5 ms /healthz, while a gateway stalled by the work it should refuse stays stalled for the
 * seconds that work takes, far past both.
 */
export async function machineDelay(request: () => PromiseLike<unknown>, samples = 3): Promise<number> {
  let slowest = 0;
  for (let sample = 0; sample < samples; sample++) slowest = Math.max(slowest, (await timed(request)).ms);
  return slowest;
}
