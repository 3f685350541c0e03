import type { RateLimit } from '../config/rate-limit-settings.ts';

/**
 * Counts failures per key in a sliding window. Sign-in throttles count only refused attempts:
 * people (and a browser test suite) signing in correctly many times from one office address
 * must never be locked out, while guessing passwords costs a failure each.
 */
export class FailureWindow {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not throttled. */
  retryAfter(key: string, now = Date.now()): number {
    const times = this.live(key, now);
    if (times.length < this.limit.max) return 0;
    const oldest = times[times.length - this.limit.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.limit.windowSeconds * 1000 - now) / 1000));
  }

  record(key: string, now = Date.now()): void {
    const times = this.live(key, now);
    times.push(now);
    this.failures.set(key, times);
    if (this.failures.size > this.maxKeys) {
      const first = this.failures.keys().next().value;
      if (first !== undefined) this.failures.delete(first);
    }
  }

  private live(key: string, now: number): number[] {
    const since = now - this.limit.windowSeconds * 1000;
    const times = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}
