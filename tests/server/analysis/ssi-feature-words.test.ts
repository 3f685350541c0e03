import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import { trainDetector } from '../../../server/analytics/detector';
import { trainMahalanobis } from '../../../server/analytics/mahalanobis';
import { createRng } from '../../../server/analytics/rng';
import { buildReport, scoreWindows } from '../../../server/analysis/evaluation-report';
import { ssiFeatureLabels } from '../../../server/analysis/ssi-features';
import { contributorText, featureText } from '../../../domain/feature-words';
import { describeEpisodeShift } from '../../../domain/trigger-levels';
import { shiftLineName } from '../../../domain/reference-shift';

// Decision 076 (c): an SSI feature 'ssi.f<k>' names no data stream; the stored report says
// what it is (its span and reference frequency) and names no stream 'ssi'.
const WINDOW_MS = 600_000;
const FROM = Date.UTC(2026, 0, 5);
const HZ = [2.43, 4.68, 12.4];

function rows(n: number, seed: number, drop: (i: number) => number) {
  const rng = createRng(seed);
  const features: number[][] = [];
  const context: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    const t = 8 + 6 * Math.sin(i / 20) + 0.5 * rng.normal();
    features.push(
      HZ.map(
        (f, k) =>
          f * (1 - 0.002 * (t - 8)) * (1 - (k === 0 ? drop(i) : 0)) * (1 + 0.003 * rng.normal()),
      ),
    );
    context.push([t]);
  }
  return { features, context };
}

const plan = {
  spanLabel: 'Main span',
  modes: HZ.slice(0, 2).map((frequencyHz) => ({ frequencyHz, shape: [] })),
};

describe("an SSI feature in the evaluation's words", () => {
  it('labels each SSI mode by its span and reference frequency', () => {
    expect(ssiFeatureLabels(plan)).toEqual({
      'ssi.f1': 'Main span mode 1 (SSI, 2.43 Hz)',
      'ssi.f2': 'Main span mode 2 (SSI, 4.68 Hz)',
    });
    // Without the report's labels (another endpoint's list) it still reads as a mode.
    expect(featureText('ssi.f2')).toBe('SSI mode 2');
    expect(shiftLineName('ssi.f1')).toBe('SSI mode 1');
    expect(featureText('s2-acc.f1')).toBe('s2-acc.f1');
    expect(contributorText({ feature: 's2-acc.f1', datastream: 's2-acc' })).toBe('s2-acc');
  });

  it("stores the labels, names no stream 'ssi' and states the episode's shift by the label", async () => {
    const detector = await trainDetector(
      'mahalanobis',
      trainMahalanobis,
      rows(800, 1, () => 0),
      {
        targetFalseAlarmRate: 0.01,
      },
    );
    const week = rows(600, 2, (i) => (i >= 300 && i < 400 ? 0.04 : 0));
    const windows = week.features.map((features, i) => ({
      start: FROM + i * WINDOW_MS,
      end: FROM + (i + 1) * WINDOW_MS,
      features,
      temperatureC: at(at(week.context, i), 0),
    }));
    const report = buildReport({
      sid: 'Test Bridge',
      bridgeId: 1,
      detector,
      featureNames: ['ssi.f1', 'ssi.f2', 's3-acc.f1'],
      featureLabels: ssiFeatureLabels(plan),
      period: { from: FROM, to: FROM + 600 * WINDOW_MS },
      scored: scoreWindows(detector, windows, week.context),
      skipped: {},
      evaluatedAt: new Date(FROM + 600 * WINDOW_MS),
      trainedAt: new Date(FROM),
      alarmTargetRate: 0.001,
    });
    expect(report.feature_labels).toEqual(ssiFeatureLabels(plan));
    const event = report.events.find((e) => e.frequency_shift?.feature === 'ssi.f1');
    expect(event).toBeDefined();
    const lead = event?.top_contributors[0];
    expect(lead?.feature).toBe('ssi.f1');
    expect(lead?.datastream).toBeNull();
    expect(report.top_contributors.some((c) => c.datastream === 'ssi')).toBe(false);
    expect(
      report.top_contributors.find((c) => c.feature === 's3-acc.f1')?.datastream ?? 's3-acc',
    ).toBe('s3-acc');
    const shift = event?.frequency_shift;
    expect(shift && describeEpisodeShift(shift, report.feature_labels)).toMatch(
      /^Main span mode 1 \(SSI, 2\.43 Hz\) \u22124\.\d % \u00b1 /,
    );
    expect(lead && contributorText(lead, report.feature_labels)).toBe(
      'Main span mode 1 (SSI, 2.43 Hz)',
    );
  });

  it('leaves a report without SSI features without labels', async () => {
    const detector = await trainDetector(
      'mahalanobis',
      trainMahalanobis,
      rows(300, 1, () => 0),
      {
        targetFalseAlarmRate: 0.01,
      },
    );
    const data = rows(50, 3, () => 0);
    const report = buildReport({
      sid: 'Test Bridge',
      bridgeId: 1,
      detector,
      featureNames: ['acc.f1', 'acc.f2', 'acc.f3'],
      period: { from: FROM, to: FROM + 50 * WINDOW_MS },
      scored: scoreWindows(
        detector,
        data.features.map((features, i) => ({
          start: FROM + i * WINDOW_MS,
          end: FROM + (i + 1) * WINDOW_MS,
          features,
          temperatureC: at(at(data.context, i), 0),
        })),
        data.context,
      ),
      skipped: {},
      evaluatedAt: new Date(FROM + 50 * WINDOW_MS),
      trainedAt: new Date(FROM),
    });
    expect(report.feature_labels).toBeUndefined();
  });
});
