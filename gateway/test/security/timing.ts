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
