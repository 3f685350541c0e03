import { describe, expect, it } from 'vitest';
import { at } from '../../../server/analytics/at';
import { scoreRows } from '../../../server/analytics/detect';
import { trainDetector } from '../../../server/analytics/detector';
import { trainMahalanobis } from '../../../server/analytics/mahalanobis';
import { ALARM_EPISODE_RULES } from '../../../server/analysis/analysis-rules';
import { buildReport, scoreWindows } from '../../../server/analysis/evaluation-report';
import { createRng } from '../../../server/analytics/rng';

const WINDOW_MS = 600_000;
const FROM = Date.UTC(2026, 0, 5);

function rows(n: number, seed: number, drop: (i: number) => number) {
  const rng = createRng(seed);
  const features: number[][] = [];
  const context: number[][] = [];
  for (let i = 0; i < n; i += 1) {
    const t = 8 + 6 * Math.sin(i / 20) + 0.5 * rng.normal();
    features.push(
      [2.9, 8.1, 12.4].map(
        (f, k) =>
          f * (1 - 0.002 * (t - 8)) * (1 - (k === 0 ? drop(i) : 0)) * (1 + 0.003 * rng.normal()),
      ),
    );
    context.push([t]);
  }
  return { features, context };
}

const trainedOnHealthy = () =>
  trainDetector(
    'mahalanobis',
    trainMahalanobis,
    rows(800, 1, () => 0),
    {
      targetFalseAlarmRate: 0.01,
    },
  );

/** The windows of `data` from FROM on, scored by `detector`. */
function scoredFrom(
  detector: Awaited<ReturnType<typeof trainedOnHealthy>>,
  data: ReturnType<typeof rows>,
) {
  const windows = data.features.map((features, i) => ({
    start: FROM + i * WINDOW_MS,
    end: FROM + (i + 1) * WINDOW_MS,
    features,
    temperatureC: at(at(data.context, i), 0),
  }));
  return scoreWindows(detector, windows, data.context);
}

/** A report's input for the windows from `fromIndex` to `toIndex`, those before as its lead. */
function periodInput(
  detector: Awaited<ReturnType<typeof trainedOnHealthy>>,
  scored: ReturnType<typeof scoredFrom>,
  fromIndex: number,
  toIndex: number,
) {
  const periodFrom = FROM + fromIndex * WINDOW_MS;
  return {
    sid: 'Test Bridge',
    bridgeId: 1,
    detector,
    featureNames: ['acc.f1', 'acc.f2', 'acc.f3'],
    period: { from: periodFrom, to: FROM + toIndex * WINDOW_MS },
    scored: scored.filter((w) => w.start >= periodFrom),
    before: scored.filter((w) => w.start < periodFrom),
    skipped: {},
    evaluatedAt: new Date(FROM + toIndex * WINDOW_MS),
    trainedAt: new Date(FROM),
  };
}

describe('the stored evaluation report', () => {
  it('counts alarm episodes as the detect command does: one per persistent change', async () => {
    const baseline = rows(800, 1, () => 0);
    const detector = await trainDetector('mahalanobis', trainMahalanobis, baseline, {
      targetFalseAlarmRate: 0.01,
    });
    // A week of windows: healthy, then a 4 % drop of the first mode, then healthy again.
    const week = rows(1008, 2, (i) => (i >= 500 && i < 600 ? 0.04 : 0));
    const windows = week.features.map((features, i) => ({
      start: FROM + i * WINDOW_MS,
      end: FROM + (i + 1) * WINDOW_MS,
      features,
      temperatureC: at(at(week.context, i), 0),
    }));
    const input = {
      sid: 'Test Bridge',
      bridgeId: 1,
      detector,
      featureNames: ['acc.f1', 'acc.f2', 'acc.f3'],
      period: { from: FROM, to: FROM + 1008 * WINDOW_MS },
      scored: scoreWindows(detector, windows, week.context),
      skipped: {},
      evaluatedAt: new Date(FROM + 1008 * WINDOW_MS),
      trainedAt: new Date(FROM),
    };
    const report = buildReport(input);

    const calibration = detector.calibrationRows;
    const detect = scoreRows(
      detector,
      {
        features: [...baseline.features.slice(-calibration), ...week.features],
        context: [...baseline.context.slice(-calibration), ...week.context],
      },
      calibration,
    );
    expect(report.alarms).toEqual(detect.alarms.map((row) => row - calibration));
    expect(report.alarm_threshold).toBeCloseTo(detect.threshold, 10);
    expect(report.smooth_windows).toBe(12);
    expect(report.num_anomalies).toBe(report.events.length);
    expect(report.num_anomalies).toBe(report.alarms?.length);
    // At the stored analysis' lower alarm rate the healthy stretches raise fewer; the drop
    // raises one episode that lasts while it does.
    const stored = buildReport({ ...input, alarmTargetRate: 0.001 });
    expect(stored.num_anomalies).toBeLessThan(report.num_anomalies);
    const inDrop = stored.events.filter(
      (e) =>
        Date.parse(e.start) >= FROM + 500 * WINDOW_MS &&
        Date.parse(e.start) < FROM + 600 * WINDOW_MS,
    );
    expect(inDrop).toHaveLength(1);
    const [event] = inDrop;
    expect(Date.parse(event?.start ?? '')).toBeLessThan(FROM + 512 * WINDOW_MS);
    expect(event?.windows).toBeGreaterThan(90);
    // Its physical size: the first mode, about 4 % (0.116 Hz of 2.9 Hz) lower than expected.
    expect(event?.frequency_shift?.feature).toBe('acc.f1');
    expect(event?.frequency_shift?.shift_percent).toBeCloseTo(-4, 0);
    expect(event?.frequency_shift?.shift_hz).toBeCloseTo(-0.116, 1);
    // ... stated with its uncertainty and duration, and past the default amber level (−2 %).
    const shift = event?.frequency_shift;
    expect(shift?.uncertainty_percent).toBeGreaterThan(0);
    expect(shift?.uncertainty_percent).toBeLessThan(0.5);
    expect(shift?.duration_hours).toBeCloseTo(((event?.windows ?? 0) * 10) / 60, 0);
    expect(shift?.level).toBe('amber');
    expect(shift?.level_percent).toBe(-2);
    // The bridge's own levels decide: a red level at −3 % makes the same drop red.
    const strict = buildReport({
      ...input,
      alarmTargetRate: 0.001,
      triggerLevels: { amberPercent: -1, redPercent: -3 },
    });
    const strictShift = strict.events.find((e) => e.start === event?.start)?.frequency_shift;
    expect(strictShift?.level).toBe('red');
    expect(strictShift?.level_percent).toBe(-3);
    expect(event?.top_contributors[0]?.feature).toBe('acc.f1');
    // Every window above the per-window threshold still counts in anomaly_count.
    expect(report.anomaly_count).toBe(
      report.windows.filter((w) => w.error !== null && w.error > report.threshold).length,
    );
  });

  it("averages the period's first windows over the half day before it, not over themselves alone", async () => {
    const detector = await trainedOnHealthy();
    // Two healthy days; the period is the second, and its first window is far off.
    const scored = scoredFrom(
      detector,
      rows(288, 3, (i) => (i === 144 ? 0.012 : 0)),
    );
    const input = { ...periodInput(detector, scored, 144, 288), smoothWindows: 72 };
    // Alone, the outlier is its own mean and opens an episode at the period's start.
    const alone = buildReport({ ...input, alarmTargetRate: 0.001, before: [] });
    expect(alone.smooth_windows).toBe(72);
    expect(alone.alarms).toContain(0);
    // With the half day before it, it is one window of 72 and raises nothing.
    const warmed = buildReport({ ...input, alarmTargetRate: 0.001 });
    expect(warmed.alarms ?? []).not.toContain(0);
  });

  describe("with the stored analysis' confirmation (8 of the last 12 hours)", () => {
    async function reportOf(drop: (i: number) => number, periodStart = 0) {
      const detector = await trainedOnHealthy();
      const scored = scoredFrom(detector, rows(1008, 3, drop));
      return buildReport({
        ...periodInput(detector, scored, periodStart, 1008),
        smoothWindows: 12,
        episodeRules: ALARM_EPISODE_RULES,
      });
    }

    it('raises nothing for a 4-hour excursion, though its windows stay anomalous', async () => {
      const report = await reportOf((i) => (i >= 300 && i < 324 ? 0.06 : 0));
      expect(report.anomaly_count).toBeGreaterThan(10);
      expect(report.num_anomalies).toBe(0);
      expect(report.alarms).toEqual([]);
    });

    it('raises one episode for a persistent drop, starting at its onset', async () => {
      const report = await reportOf((i) => (i >= 300 ? 0.04 : 0));
      expect(report.num_anomalies).toBe(1);
      const onset = report.alarms?.[0] ?? -1;
      expect(onset).toBeGreaterThanOrEqual(300);
      expect(onset).toBeLessThan(312);
      expect(report.events[0]?.end).toBe(report.period_end);
    });

    it('raises a breathing crack, open 11 hours a day, once a day', async () => {
      const report = await reportOf((i) => (i % 144 >= 60 && i % 144 < 126 ? 0.05 : 0));
      expect(report.num_anomalies).toBe(7);
    });

    it('keeps an episode confirmed before the period going from its first window', async () => {
      const report = await reportOf((i) => (i >= 300 ? 0.04 : 0), 500);
      expect(report.alarms).toEqual([0]);
      expect(report.events[0]?.start).toBe(report.period_start);
    });
  });
});
