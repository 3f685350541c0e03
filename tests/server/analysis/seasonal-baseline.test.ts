import { afterAll, describe, expect, it } from 'vitest';
import { trainDetector } from '../../../server/analytics/detector';
import type { TrainedDetector } from '../../../server/analytics/detector-types.ts';
import { trainMahalanobis } from '../../../server/analytics/mahalanobis';
import {
  ALARM_EPISODE_RULES,
  ALARM_SMOOTH_WINDOWS,
  ALARM_TARGET_RATE,
  baselineRange,
  CALIBRATION_BLOCK_WINDOWS,
  DAY_MS,
  evaluationRange,
  retrainReason,
  type RetrainReason,
} from '../../../server/analysis/analysis-rules';
import { contextRows, meanOf } from '../../../server/analysis/context';
import { buildReport, scoreWindows } from '../../../server/analysis/evaluation-report';
import type { DatasetWindow } from '../../../server/analysis/window-dataset';
import { simulateFeatureWindows } from '../../../server/sim/feature-generator';
import type { DamageSpec } from '../../../server/sim/scenario';
import { createScenario } from '../../../server/sim/scenarios';

/** Commissioned on 1 July: the first frost comes months after the first baseline. */
const COMMISSIONED = Date.UTC(2026, 6, 1);
const UNTIL = Date.UTC(2027, 2, 1);

function bridgeWindows(damage: DamageSpec[]): DatasetWindow[] {
  const scenario = createScenario({ seed: 21, spans: 1, damage });
  const set = simulateFeatureWindows(
    { ...scenario, faults: [] },
    { from: COMMISSIONED, to: UNTIL, windowSeconds: 600, identificationNoise: 0.004 },
  );
  const modal = set.featureNames.flatMap((name, j) => (/\.f\d$/.test(name) ? [j] : []));
  return set.windows.map((w) => ({
    start: w.start,
    end: w.end,
    features: modal.map((j) => w.features[j] ?? Number.NaN),
    temperatureC: w.temperatureC,
  }));
}

type DetectorInput = Parameters<typeof trainDetector>[2];

const sameRows = (a: readonly (readonly number[])[], b: readonly (readonly number[])[]) =>
  a.length === b.length &&
  a.every((row, i) => {
    const other = b[i] ?? [];
    return row.length === other.length && row.every((x, j) => Object.is(x, other[j]));
  });

/**
 * Detectors trained in this file, by their baseline. Both tests simulate the same bridge (one
 * seed) and differ only from the damage on, so the weeks before it retrain on the very same
 * rows: a detector is reused only when every feature and context value of its baseline is equal
 * (the training is deterministic), and trained anew otherwise. Two thirds of the file's CPU
 * went to these trainings, the damaged run's early ones repeating the healthy run's.
 */
const trained = new Map<string, { input: DetectorInput; detector: TrainedDetector }>();

async function mahalanobisFor(baseline: { from: number; to: number }, input: DetectorInput) {
  const key = `${baseline.from}-${baseline.to}`;
  const kept = trained.get(key);
  if (
    kept &&
    sameRows(kept.input.features, input.features) &&
    sameRows(kept.input.context, input.context)
  ) {
    return kept.detector;
  }
  const detector = await trainDetector('mahalanobis', trainMahalanobis, input, {
    calibrationBlockRows: CALIBRATION_BLOCK_WINDOWS,
  });
  trained.set(key, { input, detector });
  return detector;
}

interface Week {
  newest: number;
  episodes: number;
  alarms: number[];
  outside: number;
  retrained: RetrainReason | 'first' | null;
}

/**
 * The stored analysis' rules week by week (baseline, retraining, evaluation period, episodes)
 * on simulated window features, with the linear detector so that a winter trains in seconds.
 */
async function everyWeek(windows: DatasetWindow[]): Promise<Week[]> {
  const weeks: Week[] = [];
  let detector: TrainedDetector | null = null;
  let baseline = { from: 0, to: 0 };
  let fill: number | null = null;
  let lastOutside: number[] = [];
  for (let newest = COMMISSIONED + 14 * DAY_MS; newest <= UNTIL; newest += 7 * DAY_MS) {
    const reason: Week['retrained'] = detector
      ? retrainReason(baseline.to, newest, lastOutside)
      : 'first';
    if (reason) {
      baseline = baselineRange(COMMISSIONED, newest);
      const rows = windows.filter((w) => w.start >= baseline.from && w.end <= baseline.to);
      fill = meanOf(rows.map((w) => w.temperatureC));
      detector = await mahalanobisFor(baseline, {
        features: rows.map((w) => w.features),
        context: contextRows(rows, true, fill, 'seasonal'),
      });
    }
    if (!detector) throw new Error('no detector');
    const period = evaluationRange(COMMISSIONED, newest, baseline.to);
    // A day of history before the period warms the lagged temperature up, as the analysis does.
    const scored = windows.filter((w) => w.start >= period.from - DAY_MS && w.end <= period.to);
    const all = scoreWindows(detector, scored, contextRows(scored, true, fill, 'seasonal'));
    const report = buildReport({
      sid: 'Seasonal',
      bridgeId: 1,
      detector,
      featureNames: scored[0]?.features.map((_, k) => `acc.f${k + 1}`) ?? [],
      period,
      scored: all.filter((w) => w.start >= period.from),
      before: all.filter((w) => w.start < period.from),
      smoothWindows: ALARM_SMOOTH_WINDOWS,
      episodeRules: ALARM_EPISODE_RULES,
      skipped: {},
      evaluatedAt: new Date(newest),
      trainedAt: new Date(baseline.to),
      alarmTargetRate: ALARM_TARGET_RATE,
      baseline,
    });
    lastOutside = report.windows.flatMap((w) =>
      w.outside_learned_conditions ? [Date.parse(w.start)] : [],
    );
    weeks.push({
      newest,
      episodes: report.num_anomalies,
      alarms: report.events.map((e) => Date.parse(e.start)),
      outside: report.outside_learned_conditions ?? 0,
      retrained: reason,
    });
  }
  return weeks;
}

describe('season-aware baselines', () => {
  // The worker's process runs other files after this one (isolate: false): its rows go.
  afterAll(() => trained.clear());

  it('a bridge commissioned in summer meets its first frost without being Critical all winter', async () => {
    const weeks = await everyWeek(bridgeWindows([]));
    console.log(
      'healthy weeks',
      weeks.length,
      'false episodes',
      weeks.reduce((sum, w) => sum + w.episodes, 0),
      weeks
        .map(
          (w) =>
            `${new Date(w.newest).toISOString().slice(5, 10)}:${w.episodes}/${w.outside}/${w.retrained ?? '-'}`,
        )
        .join(' '),
    );
    const winter = weeks.filter((w) => w.newest >= Date.UTC(2026, 10, 1));
    // The frost was met, reported as outside learned conditions, and then learnt.
    expect(weeks.some((w) => w.outside > 0)).toBe(true);
    expect(weeks.some((w) => w.retrained === 'conditions')).toBe(true);
    expect(weeks.filter((w) => w.retrained === 'schedule').length).toBeGreaterThan(2);
    // A summer baseline without retraining would be Critical all winter. With the growing
    // baseline and alarms confirmed by persistence (decision 008), at most one false episode
    // from the summer commissioning through the first winter (measured: none in 33 weeks;
    // raised at once, as before that rule, 62).
    expect(winter.length).toBeGreaterThan(10);
    expect(weeks.reduce((sum, w) => sum + w.episodes, 0)).toBeLessThanOrEqual(1);
  }, 120_000);

  it('still raises an alarm within 48 hours of a real 5 % stiffness loss in the winter', async () => {
    const from = Date.UTC(2027, 1, 3, 6);
    const weeks = await everyWeek(
      bridgeWindows([{ span: 'span-1', modes: [0], dropPercent: 5, from }]),
    );
    console.log(
      weeks
        .map(
          (w) =>
            `${new Date(w.newest).toISOString().slice(5, 10)}:${w.episodes}/${w.outside}/${w.retrained ?? '-'}`,
        )
        .join(' '),
    );
    const alarms = weeks.flatMap((w) => w.alarms).filter((t) => t >= from);
    console.log(
      'alarms after the damage',
      alarms.map((t) => (t - from) / 3_600_000),
    );
    expect(alarms[0]).toBeLessThan(from + 48 * 3_600_000);
  }, 120_000);
});
