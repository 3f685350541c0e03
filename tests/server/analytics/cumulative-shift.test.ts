// The cumulative compensated shift with latched trigger levels (issue 29). The synthetic cases
// test the function's rules; the analogue cases (reporting seed 11 of the seasonal-bridge
// analogue, never used for a choice) test it behind the control chart's reference model.
import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import {
  compensatedResiduals,
  trainControlChart,
} from '../../../server/analytics/control-chart-detector';
import {
  cumulativeShift,
  shiftReference,
  type ShiftReference,
} from '../../../server/analytics/cumulative-shift';
import { createRng } from '../../../server/analytics/rng';
import { BASELINE_ROWS, seasonalBridge } from '../../bench/seasonal-bridge';
import { HOURS_PER_MONTH, coldSnapOnset } from './control-chart-cases';

const MODES = 4;
const SCATTER = 0.005;

/** Healthy Δf/f rows: an hours-long common wander plus each mode's own scatter. */
function healthy(rows: number, seed: number): number[][] {
  const rng = createRng(seed);
  let common = 0;
  return Array.from({ length: rows }, () => {
    common = 0.8 * common + 0.6 * 0.002 * rng.normal();
    return Array.from({ length: MODES }, () => common + SCATTER * rng.normal());
  });
}
const REFERENCE: ShiftReference = shiftReference(healthy(2_000, 1));
const ONSET = 500;

const withLoss = (rows: number[][], loss: (row: number, mode: number) => number) =>
  rows.map((row, i) => row.map((r, k) => (1 + r) * (1 - loss(i, k)) - 1));
const firstRow = (levels: string[], level: string, from = 0) =>
  levels.findIndex((l, i) => i >= from && l === level);

describe('cumulative shift on synthetic residuals', () => {
  it('stays quiet on healthy rows, with a standard error from the correlated scatter', () => {
    const shift = cumulativeShift(healthy(20_000, 2), REFERENCE);
    expect(shift.changes).toEqual([]);
    expect(REFERENCE.blockRows).toBeGreaterThan(1);
    const se = at(at(shift.modes, 0).standardError, 100) ?? 0;
    expect(se).toBeGreaterThan(SCATTER / Math.sqrt(24));
    expect(se).toBeLessThan(SCATTER);
  });

  it('a uniform 2 % loss of all modes reaches amber within 48 rows, not red, and stays', () => {
    const rows = withLoss(healthy(5_000, 3), (i) => (i >= ONSET ? 0.02 : 0));
    const shift = cumulativeShift(rows, REFERENCE);
    const amber = firstRow(shift.level, 'amber');
    expect(amber - ONSET).toBeGreaterThanOrEqual(0);
    expect(amber - ONSET).toBeLessThan(48);
    expect(shift.level.slice(amber).every((l) => l === 'amber')).toBe(true);
    expect(shift.mean.shift.at(-1)).toBeCloseTo(-0.02, 2);
    // A 5 % loss reaches red the same way.
    const five = cumulativeShift(
      withLoss(healthy(1_000, 3), (i) => (i >= ONSET ? 0.05 : 0)),
      REFERENCE,
    );
    expect(firstRow(five.level, 'red') - ONSET).toBeLessThan(48);
  });

  it('f1 alone −2 %: its own series crosses amber, the others do not', () => {
    const shift = cumulativeShift(
      withLoss(healthy(3_000, 4), (i, k) => (i >= ONSET && k === 0 ? 0.02 : 0)),
      REFERENCE,
    );
    expect(firstRow(at(shift.modes, 0).level, 'amber') - ONSET).toBeLessThan(48);
    expect(shift.modes.slice(1).every((m) => m.level.every((l) => l === 'none'))).toBe(true);
    expect(shift.level.at(-1)).toBe('amber');
  });

  it('a slow loss of 0.5 % a month reaches amber before 5 months, not before 2.5', () => {
    const rows = withLoss(healthy(8 * HOURS_PER_MONTH, 5), (i) =>
      i >= ONSET ? (0.005 * (i - ONSET)) / HOURS_PER_MONTH : 0,
    );
    const shift = cumulativeShift(rows, REFERENCE);
    const months = (firstRow(shift.level, 'amber') - ONSET) / HOURS_PER_MONTH;
    expect(months).toBeGreaterThan(2.5); // the loss is then 1.25 %: the noise brings it no nearer
    expect(months).toBeLessThan(5);
    expect(firstRow(shift.level, 'red')).toBe(-1);
  });

  it('the level holds over unjudged rows and clears when the shift has come back', () => {
    const rows: (number[] | null)[] = withLoss(healthy(2_000, 6), (i) =>
      i >= ONSET && i < 1_200 ? 0.03 : 0,
    );
    for (let i = 700; i < 900; i += 1) rows[i] = null;
    const shift = cumulativeShift(rows, REFERENCE);
    expect(shift.level.slice(600, 1_200).every((l) => l === 'amber')).toBe(true);
    expect(shift.level.at(-1)).toBe('none');
    expect(shift.changes.map((c) => c.level)).toEqual(['amber', 'none']);
  });

  it('is causal: a prefix of the rows gives the same values for it', () => {
    const rows = withLoss(healthy(1_500, 7), (i) => (i >= ONSET ? 0.02 : 0));
    const whole = cumulativeShift(rows, REFERENCE);
    const prefix = cumulativeShift(rows.slice(0, 700), REFERENCE);
    expect(prefix.mean.shift).toEqual(whole.mean.shift.slice(0, 700));
    expect(prefix.level).toEqual(whole.level.slice(0, 700));
  });
});

describe('cumulative shift behind the control chart (analogue reporting seed 11)', () => {
  // Two winters: the reference is the first 200 days (late summer to early March), then 570
  // healthy days; the damage is injected on that copy and the reference is never refitted.
  const bridge = seasonalBridge(11, { hours: 770 * 24, damageFrom: Infinity });
  const detector = trainControlChart({
    features: bridge.features.slice(0, BASELINE_ROWS),
    context: bridge.context.slice(0, BASELINE_ROWS),
  });
  const run = (onset: number, loss: (row: number) => number) =>
    cumulativeShift(
      compensatedResiduals(detector, {
        features: bridge.features.map((row, i) => row.map((f) => f * (1 - loss(i)))),
        context: bridge.context,
      }),
      detector.reference,
    );

  it('the healthy copy crosses no level in 570 days', () => {
    expect(run(Infinity, () => 0).changes).toEqual([]);
  });

  it('a 2 % loss starting in the second winter’s cold snap is raised within 48 h and is still raised 6 months later', () => {
    const secondWinter = { from: 420 * 24, to: 520 * 24 };
    const onset = coldSnapOnset(bridge.context, secondWinter.from, secondWinter.to);
    const shift = run(onset, (i) => (i >= onset ? 0.02 : 0));
    const amber = firstRow(shift.level, 'amber', onset);
    expect(firstRow(shift.level, 'amber')).toBe(amber);
    expect(amber - onset).toBeLessThan(48);
    const sixMonths = onset + 6 * HOURS_PER_MONTH;
    expect(sixMonths).toBeLessThan(bridge.features.length);
    expect(shift.level.slice(amber, sixMonths + 1).every((l) => l !== 'none')).toBe(true);
  });
});
