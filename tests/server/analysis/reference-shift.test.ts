import { describe, expect, it } from 'vitest';
import { referenceShifts } from '../../../server/analysis/reference-shift.ts';
import { feedLatch, type LatchState, RELEASED } from '../../../server/analysis/shift-latch.ts';
import type { TriggerLevel } from '../../../domain/trigger-levels.ts';
import {
  bridgeWindows,
  DAY,
  EVALUATED_START,
  FEATURES,
  referenceModes,
  WINDOW_MS,
} from './reference-shift-fixtures.ts';

const LEVELS = { amberPercent: -2, redPercent: -5 };
const modes = referenceModes();

/** Each window's latched level of mode `k`, fed one evaluation (a day) at a time. */
function levelsOf(factor: (i: number) => number, days: number, k = 0): TriggerLevel[] {
  const windows = bridgeWindows(EVALUATED_START, days * DAY, 7, factor);
  const series = referenceShifts(modes, FEATURES, windows);
  const points = series[k]?.points ?? [];
  const mode = modes[k];
  if (!mode) throw new Error('no mode');
  const u = (100 * mode.uncertainty_hz) / mode.mean_hz;
  let state: LatchState = { ...RELEASED, fedUntil: 0 };
  const levels: TriggerLevel[] = [];
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i];
    if (!point) continue;
    state = feedLatch(state, points.slice(Math.max(0, i - DAY), i), [point], LEVELS, u);
    levels.push(state.level);
  }
  return levels;
}

describe('the shift against the accepted reference', () => {
  it('is the loss itself, with its temperature effect compensated, for every mode', () => {
    const windows = bridgeWindows(EVALUATED_START, 2 * DAY, 7, () => 0.98);
    const series = referenceShifts(modes, FEATURES, windows);
    expect(series.map((s) => s.feature)).toEqual(FEATURES);
    for (const { points } of series) {
      expect(points).toHaveLength(2 * DAY);
      const mean = points.reduce((s, p) => s + p.shiftPercent, 0) / points.length;
      // The daily 16 °C swing moves the raw frequency by 1.6 %; compensated, 2 % ± a hundredth.
      expect(mean).toBeCloseTo(-2, 1);
      expect(points.every((p) => p.uncertaintyPercent > 0 && p.uncertaintyPercent < 0.2)).toBe(
        true,
      );
      expect(points.every((p) => p.judged)).toBe(true);
    }
  });

  it('does not judge a window colder than anything the reference learnt', () => {
    const windows = bridgeWindows(EVALUATED_START, 1, 7).map((w) => ({ ...w, temperatureC: -8 }));
    const [first] = referenceShifts(modes, FEATURES, windows);
    expect(first?.points[0]?.judged).toBe(false);
  });
});

describe('the trigger levels applied to it all the time', () => {
  it('raises amber on a uniform −2 % drop, keeps it through the later windows, clears on a shift back', () => {
    // Days 0-1 healthy, days 2-5 every mode 2 % lower, days 6-7 healthy again.
    const dropped = (i: number) => (i >= 2 * DAY && i < 6 * DAY ? 0.98 : 1);
    for (const k of FEATURES.keys()) {
      const levels = levelsOf(dropped, 8, k);
      expect(levels.slice(0, 2 * DAY).every((l) => l === 'none')).toBe(true);
      const crossed = levels.indexOf('amber');
      expect(crossed).toBeGreaterThan(2 * DAY);
      expect(crossed).toBeLessThan(4 * DAY);
      // Latched: every later window of the drop stays amber, though the estimate hovers at −2 %.
      expect(levels.slice(crossed, 6 * DAY).every((l) => l === 'amber')).toBe(true);
      // Back: released within the day the trailing estimate needs to climb past −1 %.
      expect(levels.slice(7 * DAY).every((l) => l === 'none')).toBe(true);
    }
  });

  it('raises red on a −5 % drop, and nothing on a −1 % one', () => {
    expect(levelsOf((i) => (i >= DAY ? 0.95 : 1), 3).at(-1)).toBe('red');
    expect(levelsOf((i) => (i >= DAY ? 0.99 : 1), 3).every((l) => l === 'none')).toBe(true);
  });

  it('holds the level over windows outside the reference temperatures', () => {
    const windows = bridgeWindows(EVALUATED_START, 3 * DAY, 7, (i) => (i >= DAY ? 0.97 : 1));
    const [series] = referenceShifts(modes, FEATURES, windows);
    const points = series?.points ?? [];
    const u = 0.01;
    const amber = feedLatch({ ...RELEASED, fedUntil: 0 }, [], points, LEVELS, u);
    expect(amber.level).toBe('amber');
    const cold = bridgeWindows(EVALUATED_START + 3 * DAY * WINDOW_MS, DAY, 8).map((w) => ({
      ...w,
      temperatureC: -8,
    }));
    const [coldSeries] = referenceShifts(modes, FEATURES, cold);
    const after = feedLatch(amber, points.slice(-DAY), coldSeries?.points ?? [], LEVELS, u);
    expect(after.level).toBe('amber');
    expect(after.fedUntil).toBe(EVALUATED_START + (4 * DAY - 1) * WINDOW_MS);
  });
});
