import { describe, expect, it } from 'vitest';
import {
  weekDrift,
  weekDriftText,
} from '../../../../server/analytics/sensor-validation/week-drift.ts';

const HOUR_MS = 3_600_000;
const NEWEST = Date.UTC(2026, 10, 27, 12);
const week = (valueAt: (hour: number) => number) =>
  Array.from({ length: 168 }, (_, h) => ({ t: NEWEST - (168 - h) * HOUR_MS, mean: valueAt(h) }));
// Apparent thermal strain: ±50 µε a day.
const daily = (h: number) => 260 + 50 * Math.sin((2 * Math.PI * h) / 24);

describe('a week of hourly means judged for drift (decision 030 without a reference)', () => {
  it('finds 1.5 µε an hour on top of the daily cycle', () => {
    const drift = weekDrift(
      week((h) => daily(h) + 1.5 * h),
      NEWEST,
    );
    expect(drift?.slopePerHour).toBeCloseTo(1.5, 1);
    expect(drift && weekDriftText(drift, 'µε')).toBe('drifting up by 1.5 µε per hour over 7 days');
  });

  it('finds a drift that began two days into the week', () => {
    expect(
      weekDrift(
        week((h) => daily(h) + 2.5 * Math.max(0, h - 48)),
        NEWEST,
      ),
    ).not.toBeNull();
  });

  it('leaves the daily cycle alone, and a week with under half its data unjudged', () => {
    expect(weekDrift(week(daily), NEWEST)).toBeNull();
    const sparse = week((h) => daily(h) + 3 * h).filter((_, i) => i >= 100);
    expect(weekDrift(sparse, NEWEST)).toBeNull();
  });
});
