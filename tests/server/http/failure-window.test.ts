import { describe, expect, it } from 'vitest';
import { FailureWindow, MAX_LOCKOUT_MS } from '../../../server/http/failure-window.ts';

const MINUTE = 60_000;

/** Records `count` failures one second apart from `start`; answers when the last was. */
function fail(window: FailureWindow, key: string, start: number, count: number): number {
  for (let i = 0; i < count; i += 1) window.record(key, start + i * 1000);
  return start + (count - 1) * 1000;
}

describe('sign-in lockout backoff (issue 37, finding 5)', () => {
  const limit = { max: 3, windowSeconds: 15 * 60 };

  it('locks out for the window, then twice as long each time the guesser comes back', async () => {
    const window = new FailureWindow(limit);
    let now = fail(window, 'k', 0, 2);
    expect(window.retryAfter('k', now)).toBe(0);
    now = fail(window, 'k', now + 1000, 1);
    expect(window.retryAfter('k', now)).toBe(15 * 60);

    now += 15 * MINUTE;
    expect(window.retryAfter('k', now)).toBe(0);
    now = fail(window, 'k', now, 3);
    expect(window.retryAfter('k', now)).toBe(30 * 60);

    now += 30 * MINUTE;
    now = fail(window, 'k', now, 3);
    expect(window.retryAfter('k', now)).toBe(60 * 60);
  });

  it('never locks out longer than a day, and forgets a key quiet for a day', () => {
    const window = new FailureWindow(limit);
    let now = 0;
    for (let round = 0; round < 12; round += 1) {
      now = fail(window, 'k', now, 3);
      now += window.retryAfter('k', now) * 1000;
    }
    now = fail(window, 'k', now, 3);
    expect(window.retryAfter('k', now) * 1000).toBe(MAX_LOCKOUT_MS);
    now += 2 * MAX_LOCKOUT_MS;
    now = fail(window, 'k', now, 3);
    expect(window.retryAfter('k', now)).toBe(15 * 60);
  });

  it('starts afresh after a correct sign-in, and keeps keys apart', () => {
    const window = new FailureWindow(limit);
    let now = fail(window, 'k', 0, 3);
    now += 15 * MINUTE;
    window.forget('k');
    now = fail(window, 'k', now, 3);
    expect(window.retryAfter('k', now)).toBe(15 * 60);
    expect(window.retryAfter('other', now)).toBe(0);
  });
});
