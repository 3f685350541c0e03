import { at } from '../analytics/at.ts';
import type { TrainedDetector } from '../analytics/detector.ts';
import { groupEvents } from '../analytics/events.ts';
import type { Schemas } from '../routes/operation-types.ts';
import { EVENT_MAX_GAP_WINDOWS, EVENT_MIN_WINDOWS } from './analysis-rules.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import { type DatasetWindow, streamOfFeature } from './window-dataset.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
const TOP_CONTRIBUTORS = 5;
const iso = (ms: number) => new Date(ms).toISOString();

export interface ScoredWindow extends DatasetWindow {
  context: number[];
  /** null when nothing of the window could be scored. */
  error: number | null;
  anomalous: boolean;
  outsideBaseline: boolean;
}

/** Scores each window on its own (causal: the model is fixed, context carried forward). */
export function scoreWindows(
  detector: TrainedDetector,
  windows: readonly DatasetWindow[],
  context: readonly number[][],
): ScoredWindow[] {
  return windows.map((w, i) => {
    const c = at(context, i);
    const raw = detector.score(w.features, c);
    const error = Number.isFinite(raw) ? raw : null;
    return {
      ...w,
      context: c,
      error,
      anomalous: error !== null && error > detector.threshold,
      outsideBaseline: detector.outsideBaseline(c),
    };
  });
}

/** Share of the (positive part of the) error by feature over some windows, largest first. */
function contributors(
  detector: TrainedDetector,
  featureNames: readonly string[],
  windows: readonly ScoredWindow[],
): Schemas['Contributor'][] {
  const totals = new Array<number>(featureNames.length).fill(0);
  for (const w of windows) {
    detector.contributions(w.features, w.context).forEach((part, j) => {
      if (part > 0) totals[j] = at(totals, j) + part;
    });
  }
  const sum = totals.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return [];
  return totals
    .map((part, j) => ({
      feature: at(featureNames, j),
      datastream: streamOfFeature(at(featureNames, j)),
      share: Math.min(1, part / sum),
    }))
    .sort((a, b) => b.share - a.share)
    .slice(0, TOP_CONTRIBUTORS);
}

export interface ReportInput {
  sid: string;
  bridgeId: number;
  detector: TrainedDetector;
  featureNames: string[];
  period: { from: number; to: number };
  /** The period's scored windows (skipped ones absent). */
  scored: ScoredWindow[];
  skipped: Record<string, number>;
  evaluatedAt: Date;
  trainedAt: Date;
}

/** The AnomalyReport of the contract: every 10-minute slot of the period, skipped ones null. */
export function buildReport(input: ReportInput): Schemas['AnomalyReport'] {
  const { detector, period } = input;
  const byStart = new Map(input.scored.map((w) => [w.start, w]));
  const slots: (ScoredWindow | null)[] = [];
  for (let start = period.from; start + WINDOW_MS <= period.to; start += WINDOW_MS) {
    slots.push(byStart.get(start) ?? null);
  }
  const errors = slots.map((w) => w?.error ?? null);
  const windows = slots.map((w, i) => {
    const start = period.from + i * WINDOW_MS;
    return {
      start: iso(start),
      end: iso(start + WINDOW_MS),
      error: w?.error ?? null,
      anomalous: w?.anomalous ?? false,
      outside_baseline: w?.outsideBaseline ?? false,
    };
  });
  const anomalyIndices = windows.flatMap((w, i) => (w.anomalous ? [i] : []));
  const anomalous = (from: number, to: number) =>
    slots.slice(from, to + 1).filter((w): w is ScoredWindow => w?.anomalous === true);
  const events = groupEvents(
    errors,
    detector.threshold,
    EVENT_MAX_GAP_WINDOWS,
    EVENT_MIN_WINDOWS,
  ).map((event) => ({
    start: at(windows, event.startIndex).start,
    end: at(windows, event.endIndex).end,
    windows: event.windows,
    peak_error: event.peakError,
    top_contributors: contributors(
      detector,
      input.featureNames,
      anomalous(event.startIndex, event.endIndex),
    ),
  }));
  return {
    sid: input.sid,
    bridge: input.bridgeId,
    method: detector.method,
    num_anomalies: events.length,
    anomaly_count: anomalyIndices.length,
    anomaly_indices: anomalyIndices,
    reconstruction_errors: errors,
    threshold: detector.threshold,
    period_start: iso(period.from),
    period_end: iso(period.to),
    evaluated_at: input.evaluatedAt.toISOString(),
    trained_at: input.trainedAt.toISOString(),
    windows,
    events,
    top_contributors: contributors(detector, input.featureNames, anomalous(0, slots.length - 1)),
    skipped_windows: input.skipped,
  };
}
