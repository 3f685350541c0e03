import { describe, expect, it } from 'vitest';
import {
  breachToReport,
  findBreaches,
  type Limits,
  windowMeans,
} from '../../../server/analytics/limit-breaches.ts';
import type { HealthBlock } from '../../../server/analytics/sensor-health.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Pseudo-random noise of about ±1 µε, the same on every run. */
function noise(i: number): number {
  const x = Math.sin(i * 12.9898) * 43758.5453;
  return 2 * (x - Math.floor(x) - 0.5);
}

/** `hours` of one-minute blocks at 5 Hz, strain in µε from `value(time in ms)`. */
function strain(hours: number, value: (t: number) => number): HealthBlock[] {
  const blocks: HealthBlock[] = [];
  for (let start = 0; start < hours * HOUR; start += MINUTE) {
    blocks.push({
      startMs: start,
      rateHz: 5,
      values: Array.from(
        { length: 300 },
        (_, k) => value(start + k * 200) + noise(start / 200 + k),
      ),
    });
  }
  return blocks;
}

const high300: Limits = { low: -300, high: 300, sustainedMinutes: 30 };

/** A heavy lorry every 20 minutes: 4 s at 350 µε more than the thermal `level`. */
const withTrucks = (t: number, level = 100) => (t % (20 * MINUTE) < 4000 ? level + 350 : level);

describe('limit breaches of a quasi-static channel', () => {
  it('is not tripped by trucks whose peaks pass the limit for seconds', () => {
    const means = windowMeans(strain(6, withTrucks), 0, 6 * HOUR);
    expect(means).toHaveLength(36);
    expect(findBreaches(means, { ...high300, sustainedMinutes: 10 })).toEqual([]);
  });

  it('finds a drift that stays above the limit longer than the sustained time', () => {
    // 200 µε rising 50 µε an hour from 2:05: the means pass 300 from the one starting at 4:00
    // (the trucks add about 2 µε to every other mean) to the end (6:00).
    const drift = (t: number) =>
      withTrucks(t, 200) + Math.max(0, (t - 2 * HOUR - 5 * MINUTE) / HOUR) * 50;
    const means = windowMeans(strain(6, drift), 0, 6 * HOUR);
    const [breach, ...others] = findBreaches(means, high300);
    expect(others).toEqual([]);
    expect(breach).toMatchObject({ side: 'high', limit: 300, to: 6 * HOUR, severity: 'High' });
    expect(breach?.from).toBe(4 * HOUR);
    // The last mean (5:50 to 6:00) is about 200 + 3.83 · 50.
    expect(breach?.worstMean).toBeCloseTo(391.7, 0);
    expect(breachToReport(means, high300)).toEqual(breach);
  });

  it('ignores an excursion shorter than the sustained time, and one broken by a data gap', () => {
    // 20 minutes at 350 µε: two means beyond, fewer than the three of 30 minutes.
    const short = (t: number) => (t >= 2 * HOUR && t < 2 * HOUR + 20 * MINUTE ? 350 : 100);
    expect(findBreaches(windowMeans(strain(6, short), 0, 6 * HOUR), high300)).toEqual([]);
    // 40 minutes beyond, but the gauge sent nothing for the 10 minutes in the middle.
    const long = (t: number) => (t >= 2 * HOUR && t < 2 * HOUR + 40 * MINUTE ? 350 : 100);
    const gap = strain(6, long).filter(
      (b) => b.startMs < 2 * HOUR + 10 * MINUTE || b.startMs >= 2 * HOUR + 20 * MINUTE,
    );
    expect(findBreaches(windowMeans(gap, 0, 6 * HOUR), high300)).toEqual([]);
  });

  it('is Critical beyond 1.5 times the limit’s distance from the centre of the band', () => {
    // Band 100..300, centre 200: High above 300, Critical beyond 350 (and below 50).
    const band: Limits = { low: 100, high: 300, sustainedMinutes: 10 };
    const level = (value: number) =>
      windowMeans(
        strain(1, () => value),
        0,
        HOUR,
      );
    expect(findBreaches(level(340), band)[0]?.severity).toBe('High');
    expect(findBreaches(level(360), band)[0]?.severity).toBe('Critical');
    expect(findBreaches(level(40), band)[0]).toMatchObject({ side: 'low', severity: 'Critical' });
    // One-sided: a high limit of 2 mm is Critical beyond 3 mm.
    const settle: Limits = { low: null, high: 2, sustainedMinutes: 10 };
    expect(findBreaches(level(2.9), settle)[0]?.severity).toBe('High');
    expect(findBreaches(level(3.1), settle)[0]?.severity).toBe('Critical');
  });

  it('reports a breach while in force, or once if it ended after the last evaluation', () => {
    const back = (t: number) => (t >= HOUR && t < 3 * HOUR ? 400 : 100);
    const means = windowMeans(strain(6, back), 0, 6 * HOUR);
    expect(findBreaches(means, high300)).toHaveLength(1);
    // The previous evaluation judged data up to 2:30, while the breach still went on.
    expect(breachToReport(means, high300, 2.5 * HOUR)).toMatchObject({ from: HOUR, to: 3 * HOUR });
    // Back inside since 3:00, and already judged up to 4:00 (or never judged before).
    expect(breachToReport(means, high300, 4 * HOUR)).toBeNull();
    expect(breachToReport(means, high300)).toBeNull();
  });
});
