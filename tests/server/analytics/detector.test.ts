import { at } from '../../../server/analytics/at';
import { describe, expect, it } from 'vitest';
import { trainAutoencoder } from '../../../server/analytics/autoencoder';
import { restoreDetector, trainDetector } from '../../../server/analytics/detector';
import { trainMahalanobis } from '../../../server/analytics/mahalanobis';
import { thresholdFromErrors } from '../../../server/analytics/threshold';
import { createRng } from '../../../server/analytics/rng';

// Three "modes" that all stiffen as it gets colder, plus one common traffic factor.
function healthyRows(n: number, seed: number): { features: number[][]; context: number[][] } {
  const rng = createRng(seed);
  const features: number[][] = [];
  const context: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    const t = 10 + 12 * Math.sin(i / 15) + rng.normal();
    const traffic = rng.normal();
    features.push(
      [3, 10, 21].map(
        (f, k) =>
          f * (1 - 0.002 * (t - 10)) +
          0.01 * f * 0.2 * traffic +
          (0.003 * f * rng.normal() * (k + 1)) / 2,
      ),
    );
    context.push([t]);
  }
  return { features, context };
}

describe('threshold rule', () => {
  it('puts the threshold at the 0.1 % point of an exponential tail above the 75th percentile', () => {
    const errors = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    // u = 7 (75th percentile), mean excess over 7 = 1.5, threshold = 7 + 1.5·ln(250).
    expect(thresholdFromErrors(errors)).toBeCloseTo(7 + 1.5 * Math.log(250), 10);
  });
});

describe.each([
  ['mahalanobis', trainMahalanobis, undefined],
  ['autoencoder', trainAutoencoder, 40],
] as const)('%s detector', (method, trainer, epochs) => {
  const baseline = healthyRows(400, 1);
  const later = healthyRows(200, 2);

  it('stays quiet on healthy windows across the temperature cycle and flags a 3 % drop of one mode', async () => {
    const detector = await trainDetector(method, trainer, baseline, {
      seed: 3,
      epochs,
      targetFalseAlarmRate: 0.001,
    });
    expect(detector.method).toBe(method);
    const healthy = later.features.map((f, i) => detector.score(f, at(later.context, i)));
    const alarms = healthy.filter((e) => e > detector.threshold).length;
    expect(alarms).toBeLessThanOrEqual(4);
    const damaged = later.features.map((f) => [at(f, 0) * 0.97, at(f, 1), at(f, 2)]);
    const detected = damaged.filter(
      (f, i) => detector.score(f, at(later.context, i)) > detector.threshold,
    ).length;
    expect(detected).toBeGreaterThan(190);
  });

  it('scores a window with a missing feature on the others, and none without features as NaN', async () => {
    const detector = await trainDetector(method, trainer, baseline, {
      seed: 3,
      epochs,
      targetFalseAlarmRate: 0.001,
    });
    const row = at(later.features, 5);
    const partial = detector.score([Number.NaN, at(row, 1), at(row, 2)], at(later.context, 5));
    expect(partial).toBeLessThan(detector.threshold);
    expect(detector.score([Number.NaN, Number.NaN, Number.NaN], [10])).toBeNaN();
    expect(detector.outsideBaseline([60])).toBe(true);
    expect(detector.outsideBaseline([10])).toBe(false);
  });
});

describe('autoencoder on days colder than its baseline', () => {
  // The same bridge at -15 to -12 °C, well below the baseline's coldest window (about -3 °C).
  function coldRows(n: number, seed: number, drop = 0) {
    const rng = createRng(seed);
    const features: number[][] = [];
    const context: number[][] = [];
    for (let i = 0; i < n; i += 1) {
      const t = -13.5 + 1.5 * Math.sin(i / 7);
      const traffic = rng.normal();
      features.push(
        [3, 10, 21].map(
          (f, k) =>
            f * (k === 0 ? 1 - drop : 1) * (1 - 0.002 * (t - 10)) +
            0.01 * f * 0.2 * traffic +
            (0.003 * f * rng.normal() * (k + 1)) / 2,
        ),
      );
      context.push([t]);
    }
    return { features, context };
  }

  it('scores them with the linear context model on its own scale: quiet when healthy, loud when damaged, and the same after a restore', async () => {
    const detector = await trainDetector('autoencoder', trainAutoencoder, healthyRows(400, 1), {
      seed: 3,
      epochs: 40,
      targetFalseAlarmRate: 0.001,
    });
    expect(detector.model.extrapolation?.threshold).toBeGreaterThan(0);
    const healthy = coldRows(100, 7);
    const damaged = coldRows(100, 8, 0.03);
    const alarms = (rows: { features: number[][]; context: number[][] }) =>
      rows.features.filter((f, i) => detector.score(f, at(rows.context, i)) > detector.threshold)
        .length;
    expect(detector.outsideBaseline(at(healthy.context, 0))).toBe(true);
    expect(alarms(healthy)).toBeLessThanOrEqual(2);
    expect(alarms(damaged)).toBeGreaterThan(95);
    const restored = restoreDetector(JSON.parse(JSON.stringify(detector.model)));
    const row = at(healthy.features, 3);
    expect(restored.score(row, at(healthy.context, 3))).toBeCloseTo(
      detector.score(row, at(healthy.context, 3)),
      10,
    );
  });
});
