import { performance } from "perf_hooks";

/**
 * Refusals take milliseconds (the bar is 100 ms, measured on an idle
 * machine); the bound leaves room for a loaded two-core CI machine running the
 * other suites, while a request that does the work it should refuse takes seconds.
 */
export const REFUSE_MS = 500;

/** Runs a request and measures it. */
export async function timed<T>(send: () => PromiseLike<T>): Promise<{ res: T; ms: number }> {
  const start = performance.now();
  const res = await send();
  return { res, ms: performance.now() - start };
}
