import { describe, expect, it } from 'vitest';
import type { TrainedDetector } from '../../../server/analytics/detector-types.ts';
import { DAY_MS } from '../../../server/analysis/analysis-rules.ts';
import type { ScoredWindow } from '../../../server/analysis/evaluation-report.ts';
import { buildForecastSeries } from '../../../server/analysis/forecast-series.ts';
import type { StoredModel } from '../../../server/analysis/stored-model.ts';

// Issue 36, item 2: Confederation's alerts put the change on `confederation-s2-acc` while the
// prediction chart plotted `confederation-s1-acc`; Jacques Cartier drew about 14 red days beside
// 'Anomalies Detected: 0'. The chart follows the alert's mode and marks episode days only.
const DAY0 = Date.UTC(2026, 10, 1);
const FEATURES = ['s1-acc.f1', 's2-acc.f1'];

// Only what the series reads of a model: its feature names, indicator and plan (no SSI modes).
const model = {
  featureNames: FEATURES,
  plan: {},
  indicator: { feature: 's1-acc.f1', compensation: null, alarmLow: 2.9 },
} as unknown as StoredModel;

// A preprocessor whose expectation is the baseline's mean whatever the temperature
// (coefficients 0), so the compensated value is the measured one.
const detector = {
  model: {
    preprocessor: {
      featureScales: [
        { mean: 3, std: 0.1 },
        { mean: 5, std: 0.1 },
      ],
      contextScales: [{ mean: 10, std: 5 }],
      coefficients: [
        [0, 0],
        [0, 0],
      ],
    },
  },
} as unknown as TrainedDetector;

/** One window a day: s1 steady at 3 Hz, s2 falling 0.1 Hz a day; windows on days 2 and 5 over. */
const windows: ScoredWindow[] = Array.from({ length: 10 }, (_, d) => ({
  start: DAY0 + d * DAY_MS + 3_600_000,
  end: DAY0 + d * DAY_MS + 4_200_000,
  features: [3, 5 - 0.1 * d],
  temperatureC: 10,
  context: [10],
  error: d === 2 || d === 5 ? 9 : 1,
  anomalous: d === 2 || d === 5,
  outsideBaseline: false,
  outsideLearned: false,
}));

const input = {
  sid: 'Confederation Bridge',
  bridgeId: 1,
  model,
  scored: windows,
  allScored: windows,
  detector,
  // One alarm episode, on day 5 only; day 2's window stayed a single window over the threshold.
  episodes: [
    {
      start: new Date(DAY0 + 5 * DAY_MS + 3_600_000).toISOString(),
      end: new Date(DAY0 + 5 * DAY_MS + 4_200_000).toISOString(),
    },
  ],
  periodStart: DAY0,
  alertFeature: 's2-acc.f1',
  previous: null,
  newest: DAY0 + 10 * DAY_MS,
  generatedAt: new Date(DAY0 + 10 * DAY_MS),
};

describe('buildForecastSeries', () => {
  it("plots the mode the alert names, not the model's indicator", () => {
    const series = buildForecastSeries(input);
    expect(series.indicator).toBe(
      'Temperature-compensated first natural frequency (s2-acc), the stream of the alert',
    );
    expect(series.history.map((p) => p.value)).toEqual(
      windows.map((w) => expect.closeTo(w.features[1] ?? Number.NaN, 9)),
    );
    // The alarm level was learnt for s1: it is not drawn against s2.
    expect(series.alarm_low).toBeNull();
  });

  it('marks only the days inside an alarm episode', () => {
    const series = buildForecastSeries(input);
    const marked = series.history.filter((p) => p.anomalous).map((p) => p.t);
    expect(marked).toEqual([new Date(DAY0 + 5 * DAY_MS).toISOString()]);
  });

  it('marks no day when the evaluation found no episode', () => {
    const series = buildForecastSeries({ ...input, episodes: [] });
    expect(series.history.filter((p) => p.anomalous)).toHaveLength(0);
  });

  it("keeps the indicator and its alarm level when the alert names the indicator's mode", () => {
    const series = buildForecastSeries({ ...input, alertFeature: 's1-acc.f1' });
    expect(series.indicator).toBe('Temperature-compensated first natural frequency (s1-acc)');
    expect(series.alarm_low).toBe(2.9);
  });

  it('recomputes the stored days when the plotted mode changes', () => {
    const before = buildForecastSeries({ ...input, alertFeature: null });
    const after = buildForecastSeries({ ...input, previous: before, scored: [] });
    expect(after.history.map((p) => p.value)).toEqual(
      windows.map((w) => expect.closeTo(w.features[1] ?? Number.NaN, 9)),
    );
  });
});
