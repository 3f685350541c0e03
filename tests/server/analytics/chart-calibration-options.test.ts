// Decision 081 (d): the control charts' calibration options (longer bootstrap blocks, agreement
// of the mean-over-modes chart with another, a slowly adapting scale). Synthetic residuals only:
// these tests check the mechanics; the figures are in the decision.
import { describe, expect, it } from 'vitest';
import {
  calibrateCharts,
  chartScorer,
  combineStatistics,
} from '../../../server/analytics/control-charts';
import { fitProjection } from '../../../server/analytics/environmental-factors';
import { createRng } from '../../../server/analytics/rng';

function residuals(seed: number, rows: number, sd: number): number[][] {
  const rng = createRng(seed);
  return Array.from({ length: rows }, () => {
    const common = 0.3 * sd * rng.normal();
    return Array.from({ length: 4 }, () => common + sd * rng.normal());
  });
}

const heldOut = residuals(1, 3000, 0.005);
const projection = fitProjection(heldOut, 0);

describe('control-chart calibration options (decision 081 (d))', () => {
  it('combines the scaled statistics: the largest, or the mean chart agreeing with another', () => {
    // Statistics: CUSUM f1..f4, CUSUM of the mean, MEWMA.
    const stats = Float64Array.from([0, 6, 0, 0, 1, 0]);
    const scales = [1, 2, 1, 1, 1, 1];
    expect(combineStatistics(stats, scales)).toBe(3);
    expect(combineStatistics(stats, scales, 'agreement')).toBe(1);
    expect(combineStatistics(Float64Array.from([0, 0, 0, 0, 5, 0]), scales, 'agreement')).toBe(0);
  });

  it('bootstraps with blocks at least the minimum and the default block otherwise', () => {
    const plain = calibrateCharts(heldOut, projection, 2000, { runsPerArl: 10 });
    const long = calibrateCharts(heldOut, projection, 2000, {
      runsPerArl: 10,
      blockFactor: 4,
      minBlockRows: 48,
    });
    expect(plain.calibration.blockLength).toBeLessThan(48);
    expect(long.calibration.blockLength).toBe(48);
    expect(plain.model.rule).toBeUndefined();
    expect(plain.model.adapt).toBeUndefined();
  });

  it('the adapting scale quietens a wider healthy scatter but still raises a loss and keeps it', () => {
    const base = calibrateCharts(heldOut, projection, 2000, { runsPerArl: 10 });
    const adaptive = calibrateCharts(heldOut, projection, 2000, {
      runsPerArl: 10,
      adapt: { rows: 336, cap: 2 },
    });
    // A healthy future whose scatter is 1.6 times the held-out blocks' (a misfitting model).
    const wider = residuals(2, 4000, 0.008);
    const alarmedRows = (model: typeof base.model, rows: number[][]) => {
      const score = chartScorer(model);
      return rows.map((r) => score(r) ?? 0).filter((s) => s > 1).length;
    };
    const plainAlarms = alarmedRows(base.model, wider);
    const adaptiveAlarms = alarmedRows(adaptive.model, wider);
    expect(adaptiveAlarms).toBeLessThan(plainAlarms / 2);

    // Then every mode 2 % lower (four held-out σ) for 2,000 rows: raised within a day, and still
    // raised at the end (alarmed rows teach the scale nothing).
    const lost = residuals(3, 2000, 0.008).map((r) => r.map((v) => v - 0.02));
    const score = chartScorer(adaptive.model);
    wider.forEach((r) => score(r));
    const scores = lost.map((r) => score(r) ?? 0);
    expect(scores.findIndex((s) => s > 1)).toBeLessThan(24);
    expect(scores.slice(-100).every((s) => s > 1)).toBe(true);
  });
});
