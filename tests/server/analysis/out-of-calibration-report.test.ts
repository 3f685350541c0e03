import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import { trainDetector } from '../../../server/analytics/detector';
import { trainMahalanobis } from '../../../server/analytics/mahalanobis';
import { buildReport, scoreWindows } from '../../../server/analysis/evaluation-report';
import { createRng } from '../../../server/analytics/rng';

const WINDOW_MS = 600_000;
const FROM = Date.UTC(2026, 0, 5);

function rows(n: number, seed: number, drop: (i: number) => number) {
  const rng = createRng(seed);
  const features: number[][] = [];
  const context: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    const t = 8 + 0.5 * rng.normal();
    features.push(
      [2.9, 8.1, 12.4].map(
        (f, k) => f * (1 - (k === 0 ? drop(i) : 0)) * (1 + 0.003 * rng.normal()),
      ),
    );
    context.push([t]);
  }
  return { features, context };
}

describe('windows read while a sensor was out of calibration (issue 20)', () => {
  it('are never anomalous nor alarmed, and are counted apart', async () => {
    const baseline = rows(600, 1, () => 0);
    const detector = await trainDetector('mahalanobis', trainMahalanobis, baseline, {
      targetFalseAlarmRate: 0.01,
    });
    // Two days: a 10 % drop of the first mode in windows 100-159, the sensor out of calibration
    // from window 100 to the middle of window 159.
    const days = rows(288, 2, (i) => (i >= 100 && i < 160 ? 0.1 : 0));
    const windows = days.features.map((features, i) => ({
      start: FROM + i * WINDOW_MS,
      end: FROM + (i + 1) * WINDOW_MS,
      features,
      temperatureC: at(at(days.context, i), 0),
    }));
    const input = {
      sid: 'Test Bridge',
      bridgeId: 1,
      detector,
      featureNames: ['acc.f1', 'acc.f2', 'acc.f3'],
      period: { from: FROM, to: FROM + 288 * WINDOW_MS },
      scored: scoreWindows(detector, windows, days.context),
      skipped: {},
      evaluatedAt: new Date(FROM + 288 * WINDOW_MS),
      trainedAt: new Date(FROM),
    };
    const judged = buildReport(input);
    const inDrop = (indices: number[]) => indices.filter((i) => i >= 100 && i < 160);
    // Judged normally, the drop is anomalous and alarmed.
    expect(inDrop(judged.anomaly_indices).length).toBeGreaterThan(30);
    expect(inDrop(judged.alarms ?? [])).not.toHaveLength(0);
    expect(judged.out_of_calibration_windows).toBe(0);

    const report = buildReport({
      ...input,
      outOfCalibration: [{ from: FROM + 100 * WINDOW_MS, to: FROM + 159.5 * WINDOW_MS }],
    });
    expect(inDrop(report.anomaly_indices)).toEqual([]);
    expect(inDrop(report.alarms ?? [])).toEqual([]);
    expect(report.out_of_calibration_windows).toBe(60);
    // The errors stay on show; only the judgement is withheld.
    expect(report.reconstruction_errors).toEqual(judged.reconstruction_errors);
    expect(report.windows[120]?.anomalous).toBe(false);
  });
});
