import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import { recalibrateDetector, trainDetector } from '../../../server/analytics/detector';
import { trainMahalanobis } from '../../../server/analytics/mahalanobis';
import { smoothedThreshold, trailingMean } from '../../../server/analytics/score-smoothing';
import { splitBaseline } from '../../../server/analytics/threshold';
import { createRng } from '../../../server/analytics/rng';

// Five correlated features that follow temperature, with heavier-than-Gaussian scatter.
function healthy(n: number, seed: number) {
  const rng = createRng(seed);
  const features: number[][] = [];
  const context: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    const t = 10 + 10 * Math.sin(i / 40) + rng.normal();
    const common = rng.normal();
    const heavy = () => rng.normal() * (rng.next() < 0.1 ? 2.5 : 1);
    features.push(
      [2, 5, 9, 12, 20].map(
        (f, k) => f * (1 - 0.002 * t) + 0.02 * common + 0.01 * (k + 1) * heavy(),
      ),
    );
    context.push([t]);
  }
  return { features, context };
}

const blank = (rows: number[][], missing: number[]) =>
  rows.map((row) => row.map((v, j) => (missing.includes(j) ? Number.NaN : v)));

describe('calibrated threshold', () => {
  it('calibrates on the last quarter of the baseline, later in time than the training rows', () => {
    const { train, heldOut } = splitBaseline(80);
    expect(train).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect(heldOut).toEqual(Array.from({ length: 20 }, (_, i) => 60 + i));
  });

  it.each([
    ['every feature observed', []],
    ['the first feature missing', [0]],
    ['two features missing', [1, 3]],
    ['one feature left', [0, 1, 3, 4]],
  ])('meets the target false-alarm rate on new healthy rows with %s', async (_, missing) => {
    const detector = await trainDetector('mahalanobis', trainMahalanobis, healthy(4000, 1), {
      targetFalseAlarmRate: 0.02,
    });
    expect(detector.calibrationRows).toBe(1000);
    const later = healthy(6000, 2);
    const rows = blank(later.features, missing);
    const rate =
      rows.filter((f, i) => detector.score(f, at(later.context, i)) > detector.threshold).length /
      rows.length;
    expect(rate).toBeGreaterThan(0.01);
    expect(rate).toBeLessThan(0.03);
  });

  it('recalibrates a stored model for another target without retraining', async () => {
    const detector = await trainDetector('mahalanobis', trainMahalanobis, healthy(2000, 3), {
      targetFalseAlarmRate: 0.01,
    });
    const stored = JSON.parse(JSON.stringify(detector.model)) as typeof detector.model;
    const strict = recalibrateDetector(stored, 0.001);
    const loose = recalibrateDetector(stored, 0.05);
    expect(strict.threshold).toBeGreaterThan(detector.threshold);
    expect(loose.threshold).toBeLessThan(detector.threshold);
    expect(strict.targetFalseAlarmRate).toBe(0.001);
    const row = [Number.NaN, 5, 9, 12, 20];
    expect(recalibrateDetector(stored, 0.01).score(row, [10])).toBeCloseTo(
      detector.score(row, [10]),
      10,
    );
  });
});

describe('trailing mean of scores', () => {
  it('averages the scored rows of the window up to each row, and leaves unscored rows unscored', () => {
    expect(trailingMean([1, null, 3, 5, 7], 2)).toEqual([1, null, 3, 4, 6]);
    expect(trailingMean([1, null, 3], 1)).toEqual([1, null, 3]);
  });

  it('calibrates its threshold on the smoothed calibration rows only', () => {
    const smoothed = [100, 100, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1000];
    // Rows 2..11 calibrate; with 2 rows in the mean the first window lies inside from row 3, so
    // rows 3..11 (2..10) set it: their 75th percentile, 8, at a 25 % rate.
    expect(smoothedThreshold(smoothed, { from: 2, to: 12 }, 2, 0.25)).toBeCloseTo(8, 10);
  });
});
