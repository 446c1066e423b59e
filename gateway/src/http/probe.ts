/**
 * Whether a health check answers (resolves to anything but false) within `ms`.
 *
 * A probe that hangs is as down as one that fails: a load balancer must hear back.
 * But when the event loop was busy past the bound (a loaded machine, a long
 * synchronous task), the timer and the probe's answer become due in the same
 * turn, and timers run before I/O callbacks: the answer that already arrived
 * would lose. The timeout therefore decides only after the I/O of that turn
 * (setImmediate runs after the poll phase), so only a probe with no answer yet
 * is down.
 */
export function answersWithin(check: () => Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => setImmediate(() => resolve(false)), ms);
    Promise.resolve()
      .then(check)
      .then(
        (ok) => resolve(ok !== false),
        () => resolve(false),
      )
      .finally(() => clearTimeout(timer));
  });
}
