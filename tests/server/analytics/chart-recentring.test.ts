// Decision 081 (g): the control charts' slow, guarded re-centring against a frozen reference.
// The centre follows healthy residuals slowly and within its cap; a loss once raised keeps the
// charts raised, however long it lasts; the detect command's default has no re-centring.
import { describe, expect, it } from 'vitest';
import { modeCentres, SLOW_RECENTRING } from '../../../server/analytics/chart-recentring';
import {
  DETECT_RECENTRE,
  scoreControlChart,
  trainControlChart,
} from '../../../server/analytics/control-chart-detector';
import { createRng } from '../../../server/analytics/rng';

/** Two modes over `rows` rows of a temperature swinging −5-15 °C; `loss` from row `onset`. */
function series(rows: number, seed: number, loss = 0, onset = Infinity) {
  const rng = createRng(seed);
  const context: number[][] = [];
  const features: number[][] = [];
  for (let i = 0; i < rows; i += 1) {
    const t = 5 + 10 * Math.sin(i / 90) + rng.normal();
    context.push([t]);
    const damage = i >= onset ? 1 - loss : 1;
    features.push([3, 7].map((f) => f * (1 - 0.001 * t) * damage * (1 + 0.003 * rng.normal())));
  }
  return { features, context };
}

describe('slow re-centring of the control charts (decision 081 (g))', () => {
  it('moves the centre by a 1/rows share of the gap and never beyond its cap', () => {
    const centres = modeCentres(2, { rows: 10, capRelative: 0.01 });
    centres.learn([-0.05, 0.004]);
    expect(centres.centred([0, 0])?.map((v) => Number(v.toFixed(6)))).toEqual([0.005, -0.0004]);
    for (let i = 0; i < 200; i += 1) centres.learn([-0.05, Number.NaN]);
    // Capped at 1 %; a missing mode teaches nothing.
    expect(centres.centred([0, 0])?.map((v) => Number(v.toFixed(6)))).toEqual([0.01, -0.0004]);
    expect(centres.centred(null)).toBeNull();
  });

  it('is not the detect command default, and keeps a persistent 2 % loss raised through 4,000 rows of re-centring', () => {
    expect(DETECT_RECENTRE).toBeUndefined();
    const frozen = trainControlChart(series(1500, 2));
    expect(frozen.charts.recentre).toBeUndefined();
    const recentred = { ...frozen, charts: { ...frozen.charts, recentre: SLOW_RECENTRING } };
    const damaged = series(6000, 2, 0.02, 2000);
    for (const detector of [recentred, frozen]) {
      const { scores } = scoreControlChart(detector, damaged);
      const after = scores.slice(2048).filter((s): s is number => s !== null);
      // Raised from two days after the onset to the last row: the centre learnt nothing alarmed.
      expect(after.every((s) => s > 1)).toBe(true);
    }
  });
});
