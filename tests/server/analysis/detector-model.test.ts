import { describe, expect, it } from 'vitest';
import { TRAINERS } from '../../../server/analytics/detect.ts';
import { restoreDetector, trainDetector } from '../../../server/analytics/detector.ts';
import { METHODS } from '../../../server/analytics/detector-types.ts';
import type { StreamSeries } from '../../../server/analytics/series.ts';
import { extractWindowFeatures } from '../../../server/analytics/window-features.ts';

/** Three features that follow the temperature, plus noise from a fixed sequence. */
function rows(n: number) {
  let state = 7;
  const noise = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
  const context = Array.from({ length: n }, (_, i) => [10 + 8 * Math.sin(i / 20)]);
  const features = context.map(([t = 0]) => [
    3 - 0.004 * t + 0.01 * noise(),
    10 - 0.01 * t + 0.02 * noise(),
    0.5 + 0.1 * noise(),
  ]);
  return { features, context };
}

describe('a stored detector', () => {
  it.each(METHODS)('%s: scores as trained after a JSON round trip', async (method) => {
    const data = rows(400);
    const trained = await trainDetector(method, TRAINERS[method], data, { epochs: 5 });
    const restored = restoreDetector(JSON.parse(JSON.stringify(trained.model)));
    expect(restored.threshold).toBe(trained.threshold);
    const shifted = [2.9, 10, 0.5];
    const cases: [number[], number[]][] = [
      [data.features[10] ?? [], data.context[10] ?? []],
      [shifted, [12]],
      [[Number.NaN, 10, 0.5], [12]],
    ];
    for (const [features, context] of cases) {
      expect(restored.score(features, context)).toBeCloseTo(trained.score(features, context), 12);
      const parts = restored.contributions(features, context);
      expect(parts.reduce((a, b) => a + b, 0)).toBeCloseTo(restored.score(features, context), 9);
    }
    expect(restored.score(shifted, [12])).toBeGreaterThan(restored.threshold);
    expect(restored.outsideBaseline([40])).toBe(true);
  });
});

describe('windows of a duty-cycled accelerometer', () => {
  const from = Date.UTC(2026, 3, 1);
  const rate = 20;
  // A 60-second burst at each 10-minute boundary, nothing in between (NaN on the grid).
  const values = new Float64Array(3 * 600 * rate).map((_, i) =>
    i % (600 * rate) < 60 * rate ? Math.sin((2 * Math.PI * 3.1 * i) / rate) : Number.NaN,
  );
  const series: StreamSeries[] = [
    { id: 'acc', dataType: 'acceleration', rateHz: rate, start: from, values },
  ];
  const modal = [{ stream: 'acc', initialHz: [3], minHz: 0.5, maxHz: 8, segmentLength: 128 }];
  const options = { from, to: from + 1800_000, windowSeconds: 600, modal };

  it('counts them short of samples against continuous acquisition', () => {
    expect(extractWindowFeatures(series, options).skipped.too_few_samples).toBe(3);
  });

  it('scores them against the burst size and finds the mode in the burst', () => {
    const result = extractWindowFeatures(series, { ...options, expectedSamples: { acc: 1200 } });
    expect(result.windows).toHaveLength(3);
    for (const window of result.windows) expect(window.features[4]).toBeCloseTo(3.1, 1);
    expect(result.trackedHz.acc?.[0]).toBeCloseTo(3.1, 1);
  });
});
