import type { RateLimit } from '../config/rate-limit-settings.ts';

/** The longest a key is ever locked out, however often it comes back to guess. */
export const MAX_LOCKOUT_MS = 24 * 60 * 60 * 1000;

interface Lockout {
  /** How many lockouts in a row: the next lasts twice as long as this one. */
  strikes: number;
  until: number;
}

/**
 * Counts failures per key in a sliding window. Sign-in throttles count only refused attempts:
 * people (and a browser test suite) signing in correctly many times from one office address
 * must never be locked out, while guessing passwords costs a failure each.
 *
 * Reaching the limit locks the key out for the window; each lockout that follows before the key
 * has been quiet for a day lasts twice as long as the one before, up to a day (issue 37,
 * finding 5): a guesser coming back after every lockout gets fewer tries an hour each time,
 * instead of the same number for ever. `forget` (a correct sign-in) starts the key afresh.
 */
export class FailureWindow {
  private readonly failures = new Map<string, number[]>();
  private readonly lockouts = new Map<string, Lockout>();

  constructor(
    private readonly limit: RateLimit,
    private readonly maxKeys = 10_000,
  ) {}

  /** Seconds until the key may try again, or 0 when it is not throttled. */
  retryAfter(key: string, now = Date.now()): number {
    const lockout = this.lockouts.get(key);
    if (lockout && lockout.until > now) return Math.max(1, Math.ceil((lockout.until - now) / 1000));
    return 0;
  }

  record(key: string, now = Date.now()): void {
    const times = this.live(key, now);
    times.push(now);
    this.failures.set(key, times);
    if (times.length >= this.limit.max) this.lockOut(key, now);
    this.bound(this.failures);
  }

  /** A correct sign-in: its failures and lockouts are forgotten. */
  forget(key: string): void {
    this.failures.delete(key);
    this.lockouts.delete(key);
  }

  private lockOut(key: string, now: number): void {
    const previous = this.lockouts.get(key);
    const recent = previous !== undefined && now - previous.until < MAX_LOCKOUT_MS;
    const strikes = recent ? previous.strikes + 1 : 1;
    const windowMs = this.limit.windowSeconds * 1000;
    const lasts = Math.min(MAX_LOCKOUT_MS, windowMs * 2 ** (strikes - 1));
    this.lockouts.set(key, { strikes, until: now + lasts });
    // The next lockout needs the full count of failures again, after this one ends.
    this.failures.delete(key);
    this.bound(this.lockouts);
  }

  private bound(map: Map<string, unknown>): void {
    if (map.size <= this.maxKeys) return;
    const first = map.keys().next().value;
    if (first !== undefined) map.delete(first);
  }

  private live(key: string, now: number): number[] {
    const since = now - this.limit.windowSeconds * 1000;
    const times = (this.failures.get(key) ?? []).filter((time) => time > since);
    if (times.length === 0) this.failures.delete(key);
    return times;
  }
}
