import { describe, expect, it } from 'vitest';
import { loneMovers, type LoneMoverOptions } from '../../../server/analysis/lone-mover-check.ts';
import { LONE_MOVER_RULE, twinGroups } from '../../../server/analysis/lone-mover-group.ts';
import { simulateTwinMeans } from '../../bench/sensor-twin-sim.ts';
import { simulateStream } from '../../bench/sensor-window-sim.ts';

const DAY = 144;
const HOUR = 6;
const OPTIONS: LoneMoverOptions = {
  ...LONE_MOVER_RULE,
  windowsPerDay: DAY,
  runWindows: HOUR,
  minReferenceWindows: 2 * DAY,
  windowHours: 1 / HOUR,
};
/** Seed 77: neither a tuning (1-5) nor a reporting (131-140, 231-240) seed of the bench. */
const base = simulateStream({ seed: 77, days: 12 });
const group = (): number[][] => [
  base.windows.map((w) => w.mean),
  simulateTwinMeans(base, 7701, { alpha: 10.5 }),
  simulateTwinMeans(base, 7702, { alpha: 9.7 }),
];
const ONSET = 9 * DAY + 40;
const shifted = (means: readonly number[], by: (i: number) => number) =>
  means.map((m, i) => (i < ONSET ? m : m + by(i)));

describe('the lone mover of a group of co-located gauges', () => {
  it('names the last gauge of three when it alone steps by 5 µε, and no other', () => {
    const gauges = group();
    gauges[2] = shifted(gauges[2] ?? [], () => 5);
    const namings = loneMovers(gauges, OPTIONS);
    // The others are judged without the suspect: with it among their regressors each would move
    // by half the step in a group of three (a naive version names the wrong gauge or none).
    expect(namings.map((n) => [n.gauge, n.kind])).toEqual([[2, 'offset']]);
    expect(Math.abs((namings[0]?.onsetWindow ?? 0) - ONSET)).toBeLessThanOrEqual(1);
    expect(namings[0]?.size).toBeGreaterThan(4);
    expect(namings[0]?.size).toBeLessThan(6);
  });

  it('names nobody when the whole group steps together (the structure moved)', () => {
    const gauges = group().map((g) => shifted(g, () => 5));
    expect(loneMovers(gauges, OPTIONS)).toEqual([]);
  });

  it('names a 2 µε/h drift once, as a drift, not learnt by the daily refits', () => {
    const gauges = group();
    gauges[1] = shifted(gauges[1] ?? [], (i) => (2 * (i - ONSET)) / HOUR);
    const namings = loneMovers(gauges, OPTIONS);
    expect(namings.map((n) => [n.gauge, n.kind])).toEqual([[1, 'drift']]);
    expect(namings[0]?.namedWindow).toBeLessThan(ONSET + 6 * HOUR);
    expect(namings[0]?.size).toBeGreaterThan(1);
    expect(namings[0]?.size).toBeLessThan(3);
  });

  it('judges no pair: two gauges cannot say which moved', () => {
    const gauges = group().slice(0, 2);
    gauges[1] = shifted(gauges[1] ?? [], () => 5);
    expect(loneMovers(gauges, OPTIONS)).toEqual([]);
  });

  it('groups streams that are all twins of one another, not a chain along a girder', () => {
    const chain = new Map([
      [1, [2, 3]],
      [2, [1, 3]],
      [3, [1, 2, 4]],
      [4, [3]],
    ]);
    expect(twinGroups(chain)).toEqual([[1, 2, 3]]);
  });
});
