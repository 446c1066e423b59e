/**
 * Counts failed sign-ins per IP and per email in a sliding window; once either
 * reaches the limit, sign-in is refused until old failures age out.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit = 10,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  private recent(key: string, now: number) {
    const kept = (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept;
  }

  private keys(ip: string, email: string) {
    return [`ip:${ip}`, `email:${email.trim().toLowerCase()}`];
  }

  /** Seconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(ip: string, email: string, now = Date.now()): number {
    let wait = 0;
    for (const key of this.keys(ip, email)) {
      const times = this.recent(key, now);
      if (times.length >= this.limit) wait = Math.max(wait, Math.ceil((times[0] + this.windowMs - now) / 1000));
    }
    return wait;
  }

  fail(ip: string, email: string, now = Date.now()) {
    if (this.failures.size > 50_000) for (const key of [...this.failures.keys()]) this.recent(key, now);
    for (const key of this.keys(ip, email)) this.failures.set(key, [...this.recent(key, now), now]);
  }

  succeed(email: string) {
    this.failures.delete(this.keys("", email)[1]);
  }
}
