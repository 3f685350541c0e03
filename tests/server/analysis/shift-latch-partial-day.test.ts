import { describe, expect, it } from 'vitest';
import { DEFAULT_TRIGGER_LEVELS } from '../../../domain/trigger-levels.ts';
import { feedLatch, RELEASED } from '../../../server/analysis/shift-latch.ts';
import type { ShiftPoint } from '../../../server/analysis/reference-shift.ts';

const WINDOW_MS = 600_000;
const A_DAY = 144;

/**
 * A breathing crack (the demo's Confederation Bridge): −8 % while open, 12 hours of every day,
 * closed (0 %) in between. `judged(i)` says which windows the reference's temperatures cover.
 */
function crackDays(days: number, judged: (i: number) => boolean, from = 0): ShiftPoint[] {
  return Array.from({ length: days * A_DAY }, (_, k) => {
    const i = from + k;
    const open = i % A_DAY >= A_DAY / 2;
    return {
      start: i * WINDOW_MS,
      shiftPercent: (open ? -8 : 0) + 0.05 * Math.sin(i),
      uncertaintyPercent: 0.1,
      judged: judged(i),
    };
  });
}

describe('a crossed trigger level and days only partly judged', () => {
  it('holds amber when only the crack-closed hours are judged (a warm spring day)', () => {
    // Two winter days, every window judged: the day's mean is −4 %, amber.
    const winter = crackDays(2, () => true);
    const amber = feedLatch(
      { ...RELEASED, fedUntil: -1 },
      [],
      winter,
      DEFAULT_TRIGGER_LEVELS,
      0.05,
    );
    expect(amber.level).toBe('amber');
    // Spring: the open (daytime, warm) hours are outside the reference's temperatures, so only
    // the closed ones are judged. Their mean is 0 %, yet the crack has not closed.
    const spring = crackDays(5, (i) => i % A_DAY < 60, 2 * A_DAY);
    const after = feedLatch(amber, winter.slice(-A_DAY), spring, DEFAULT_TRIGGER_LEVELS, 0.05);
    expect(after.level).toBe('amber');
  });

  it('still releases on a day mostly judged whose shift came back', () => {
    const winter = crackDays(2, () => true);
    const amber = feedLatch(
      { ...RELEASED, fedUntil: -1 },
      [],
      winter,
      DEFAULT_TRIGGER_LEVELS,
      0.05,
    );
    const repaired: ShiftPoint[] = crackDays(2, () => true, 2 * A_DAY).map((p) => ({
      ...p,
      shiftPercent: 0.05 * Math.sin(p.start),
    }));
    const after = feedLatch(amber, winter.slice(-A_DAY), repaired, DEFAULT_TRIGGER_LEVELS, 0.05);
    expect(after.level).toBe('none');
  });
});
