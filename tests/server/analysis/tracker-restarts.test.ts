import { describe, expect, it } from 'vitest';
import { planDataset } from '../../../server/analysis/dataset-plan.ts';
import {
  dayFeatures,
  restartingDayFeatures,
  trackersToCarry,
} from '../../../server/analysis/window-dataset.ts';
import type { WindowingResult } from '../../../server/analytics/window-features.ts';
import { e2eStoredDays } from './e2e-stored-days.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
// Seed 2: the stuck accelerometer's replacement was followed by missing modes in the benchmark.
const { timeline, streams, storedDay } = e2eStoredDays(2);
const ACC = 'e2e-s1-acc';

const plan = planDataset(
  streams,
  storedDay(timeline.commissioned),
  timeline.commissioned,
  timeline.commissioned + DAY_MS,
);

function bendingOf(result: WindowingResult, after = 0): number[] {
  const column = result.featureNames.indexOf(`${ACC}.f1`);
  return result.windows
    .filter((w) => w.start >= after)
    .map((w) => w.features[column] ?? Number.NaN);
}
const foundShare = (values: number[]) =>
  values.filter(Number.isFinite).length / Math.max(1, values.length);

describe('mode trackers around a stuck and replaced accelerometer', () => {
  it('keeps the modes through the stuck days, so the replacement is tracked at once', () => {
    expect(plan.modal[0]?.initialHz).toHaveLength(2);
    let tracked: Record<string, number[]> = {};
    const daily: { day: number; bending: number[] }[] = [];
    // Stuck from 10 March 09:00; the new sensor reports from 14 March.
    for (let day = Date.UTC(2026, 2, 10); day <= Date.UTC(2026, 2, 14); day += DAY_MS) {
      const result = dayFeatures(
        plan,
        plan.streams,
        storedDay(day),
        { from: day, to: day + DAY_MS },
        tracked,
      );
      tracked = { ...tracked, ...result.trackedHz };
      daily.push({ day, bending: bendingOf(result, Math.max(day, timeline.faultFrom)) });
    }
    const stuck = daily.filter((d) => d.day < timeline.faultTo).flatMap((d) => d.bending);
    const replaced = daily.find((d) => d.day === timeline.faultTo)?.bending ?? [];
    // A flat signal has no modes: before, rounding-noise peaks dragged f1 down to 1.6-1.8 Hz.
    expect(foundShare(stuck)).toBe(0);
    expect(foundShare(replaced)).toBeGreaterThan(0.9);
    expect(tracked[ACC]?.[0]).toBeGreaterThan(1.95);
  });

  it("starts a replaced sensor's trackers from the baseline's modes at the replacement", () => {
    const day = timeline.faultTo;
    const lost = { [ACC]: [1.62, 1.78] };
    const restartAt = day + 6 * HOUR_MS;
    const restarted = restartingDayFeatures(
      plan,
      plan.streams,
      storedDay(day),
      { from: day, to: day + DAY_MS },
      lost,
      new Map([[ACC, [restartAt - 5 * 60_000]]]),
    );
    expect(restarted.windows).toHaveLength(144);
    expect(foundShare(bendingOf(restarted, restartAt))).toBeGreaterThan(0.9);
    expect(restarted.trackedHz[ACC]?.[0]).toBeGreaterThan(1.95);

    const carriedOn = restartingDayFeatures(
      plan,
      plan.streams,
      storedDay(day),
      { from: day, to: day + DAY_MS },
      lost,
      new Map(),
    );
    expect(foundShare(bendingOf(carriedOn, restartAt))).toBeLessThan(0.5);
  });

  it('drops the carried state of a stream that is not read (faulty or in maintenance)', () => {
    const carried = { [ACC]: [1.62, 1.78] };
    const withoutAcc = plan.streams.filter((s) => s.streamId !== ACC);
    expect(trackersToCarry(plan, withoutAcc, carried)).toEqual({});
    expect(trackersToCarry(plan, plan.streams, carried)).toEqual(carried);
    expect(trackersToCarry(plan, plan.streams, { [ACC]: [2.0] })).toEqual({});
  });
});
