import { at } from '../analytics/at.ts';
import type { TrainedDetector } from '../analytics/detector-types.ts';
import { DEFAULT_SMOOTH_ROWS } from '../analytics/detect.ts';
import {
  DEFAULT_EPISODE_RULES,
  type Episode,
  type EpisodeRules,
  findEpisodes,
} from '../analytics/episodes.ts';
import { alarmScoring, trailingMean } from '../analytics/score-smoothing.ts';
import type { Schemas } from '../contract-types.ts';
import { DEFAULT_TRIGGER_LEVELS, type TriggerLevels } from '../../domain/trigger-levels.ts';
import { leadingShift, modeShiftReport, modeShifts } from './frequency-shift.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import { missingModeRate } from './missing-modes.ts';
import { latestFrequencies } from './frequency-uncertainty.ts';
import { baselineFroze, outsideLearnedConditions } from './learned-conditions.ts';
import { type DatasetWindow, streamOfFeature } from './window-dataset.ts';
import { type FeatureLabels, ssiModeOf } from '../../domain/feature-words.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
const TOP_CONTRIBUTORS = 5;
const iso = (ms: number) => new Date(ms).toISOString();

export interface ScoredWindow extends DatasetWindow {
  context: number[];
  /** null when nothing of the window could be scored. */
  error: number | null;
  anomalous: boolean;
  outsideBaseline: boolean;
  /** Outside the conditions the baseline learnt (learned-conditions.ts): scored, never judged. */
  outsideLearned: boolean;
}

/**
 * Scores each window on its own (causal: the model is fixed, context carried forward). A window
 * outside the learned conditions keeps its error for the chart but is not judged anomalous.
 */
export function scoreWindows(
  detector: TrainedDetector,
  windows: readonly DatasetWindow[],
  context: readonly number[][],
): ScoredWindow[] {
  return windows.map((w, i) => {
    const c = at(context, i);
    const raw = detector.score(w.features, c);
    const error = Number.isFinite(raw) ? raw : null;
    const outsideLearned = outsideLearnedConditions(detector.model, c);
    return {
      ...w,
      context: c,
      error,
      anomalous: !outsideLearned && error !== null && error > detector.threshold,
      outsideBaseline: detector.outsideBaseline(c),
      outsideLearned,
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
      // An SSI mode comes from a span's accelerometers together, no one stream (feature_labels).
      datastream:
        ssiModeOf(at(featureNames, j)) === null ? streamOfFeature(at(featureNames, j)) : null,
      share: Math.min(1, part / sum),
    }))
    .sort((a, b) => b.share - a.share)
    .slice(0, TOP_CONTRIBUTORS);
}

/**
 * The physical size of an episode: per tracked mode, the mean over its windows of the measured
 * frequency minus the one the baseline's context model expects at that temperature, with its
 * uncertainty and the trigger level it crossed; the leading mode of frequency-shift.ts.
 */
function frequencyShift(
  detector: TrainedDetector,
  featureNames: readonly string[],
  windows: readonly ScoredWindow[],
  durationHours: number,
  levels: TriggerLevels,
): Schemas['FrequencyShift'] | null {
  const shifts = modeShifts(detector, featureNames, windows).map((mode) =>
    modeShiftReport(mode, durationHours, levels),
  );
  return leadingShift(shifts);
}

/** Whole months of conditions a baseline has seen, up to the 12 of a full annual cycle. */
export const learnedMonths = (baseline: { from: number; to: number }): number =>
  Math.min(12, Math.floor((baseline.to - baseline.from) / (30.44 * 86_400_000)));

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
  /** Words for the features that name no stream (the SSI modes'), stored as feature_labels. */
  featureLabels?: FeatureLabels;
  /** Tracked mode frequencies at the start of each day (stored for the next evaluation). */
  trackedByDay?: Record<string, Record<string, number[]>>;
  /** The baseline's own missing-mode rate (absent: a model trained before it was kept). */
  baselineMissingModeRate?: number;
  /** The data the model learnt from (absent: not stated in the report). */
  baseline?: { from: number; to: number };
  /** Share of healthy smoothed windows allowed above the alarm threshold (default: the detector's). */
  alarmTargetRate?: number;
  /**
   * Where a sensor feeding a scored stream was out of calibration (issue 20): windows touching
   * these ranges are never anomalous nor part of an alarm, and are counted apart.
   */
  outOfCalibration?: readonly { from: number; to: number }[];
  /** The bridge's trigger levels for the frequency shift (default: −2 % amber, −5 % red). */
  triggerLevels?: TriggerLevels;
  /** Windows in the alarm's trailing mean (default: the detect command's rows). */
  smoothWindows?: number;
  /** How episodes are found (default: the detect command's, raised at once). */
  episodeRules?: EpisodeRules;
  /**
   * Scored windows just before the period: the trailing mean of the period's first windows
   * reaches back into them, so it averages as many windows there as anywhere else, and so does
   * the episodes' confirmation.
   */
  before?: ScoredWindow[];
}

const touches = (ranges: readonly { from: number; to: number }[], start: number) =>
  ranges.some((r) => r.from < start + WINDOW_MS && r.to > start);

/** The judged errors of the `count` window slots before `from` (null where none was judged). */
function leadingJudged(
  before: readonly ScoredWindow[],
  from: number,
  count: number,
): (number | null)[] {
  const byStart = new Map(before.map((w) => [w.start, w]));
  return Array.from({ length: Math.max(0, count) }, (_, i) => {
    const window = byStart.get(from - (count - i) * WINDOW_MS);
    return window && !window.outsideLearned ? window.error : null;
  });
}

/**
 * Episodes found over the lead and the period, as the period's rows: one that began in the lead
 * and goes on starts at the period's first window; one that ended in the lead is gone.
 */
function inPeriod(
  episodes: readonly Episode[],
  leadRows: number,
  scores: readonly (number | null)[],
  threshold: number,
): Episode[] {
  return episodes
    .filter((episode) => episode.end >= leadRows)
    .map((episode) => {
      const start = Math.max(episode.start, leadRows);
      const above = scores
        .slice(start, episode.end + 1)
        .filter((score) => score !== null && score > threshold).length;
      return {
        ...episode,
        start: start - leadRows,
        end: episode.end - leadRows,
        rows: above,
        peakIndex: Math.max(0, episode.peakIndex - leadRows),
      };
    });
}

/** The AnomalyReport of the contract: every 10-minute slot of the period, skipped ones null. */
export function buildReport(input: ReportInput): Schemas['AnomalyReport'] {
  const { detector, period } = input;
  const frozen = baselineFroze(detector.model);
  const byStart = new Map(input.scored.map((w) => [w.start, w]));
  const uncalibrated = input.outOfCalibration ?? [];
  const slots: (ScoredWindow | null)[] = [];
  const unjudged: boolean[] = [];
  for (let start = period.from; start + WINDOW_MS <= period.to; start += WINDOW_MS) {
    const window = byStart.get(start) ?? null;
    // Like a faulty sensor's data, an uncalibrated reading cannot raise an anomaly: the error
    // stays on show, but the window is neither anomalous nor counted towards an alarm.
    const uncalibratedWindow = window !== null && touches(uncalibrated, start);
    unjudged.push(uncalibratedWindow);
    slots.push(uncalibratedWindow ? { ...window, anomalous: false } : window);
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
      outside_learned_conditions: w?.outsideLearned ?? false,
    };
  });
  const anomalyIndices = windows.flatMap((w, i) => (w.anomalous ? [i] : []));
  const anomalous = (from: number, to: number) =>
    slots.slice(from, to + 1).filter((w): w is ScoredWindow => w?.anomalous === true);
  // A smoothed episode can hold no single anomalous window: its scored windows explain it then.
  const inEpisode = (episode: { start: number; end: number }) => {
    const above = anomalous(episode.start, episode.end);
    return above.length > 0
      ? above
      : slots.slice(episode.start, episode.end + 1).filter((w): w is ScoredWindow => w !== null);
  };
  // Episodes exactly as the detect command finds them (episodes.ts, score-smoothing.ts): the
  // trailing mean of the window errors against its calibrated threshold, one alarm per episode.
  const scoring = alarmScoring(
    detector,
    input.smoothWindows ?? DEFAULT_SMOOTH_ROWS,
    input.alarmTargetRate,
  );
  const judged = slots.map((w, i) => (w && !w.outsideLearned && !unjudged[i] ? w.error : null));
  const rules = input.episodeRules ?? DEFAULT_EPISODE_RULES;
  const confirmLead = Math.max(0, (rules.confirmWithinRows ?? 1) - 1);
  const lead = leadingJudged(input.before ?? [], period.from, scoring.smoothRows - 1 + confirmLead);
  // The lead's first rows only fill the first means; the confirmation looks back over the rest.
  const alarmScores = trailingMean([...lead, ...judged], scoring.smoothRows).slice(
    scoring.smoothRows - 1,
  );
  const episodes = inPeriod(
    findEpisodes(alarmScores, scoring.threshold, rules),
    confirmLead,
    alarmScores,
    scoring.threshold,
  );
  const levels = input.triggerLevels ?? DEFAULT_TRIGGER_LEVELS;
  const events = episodes.map((episode) => ({
    start: at(windows, episode.start).start,
    end: at(windows, episode.end).end,
    windows: episode.rows,
    peak_error: Math.max(...errors.slice(episode.start, episode.end + 1).map((e) => e ?? 0)),
    top_contributors: contributors(detector, input.featureNames, inEpisode(episode)),
    frequency_shift: frequencyShift(
      detector,
      input.featureNames,
      inEpisode(episode),
      ((episode.end - episode.start + 1) * WINDOW_MS) / 3_600_000,
      levels,
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
    alarms: episodes.map((episode) => episode.start),
    alarm_threshold: scoring.threshold,
    smooth_windows: scoring.smoothRows,
    outside_learned_conditions: slots.filter((w) => w?.outsideLearned === true).length,
    out_of_calibration_windows: unjudged.filter(Boolean).length,
    missing_mode_rate: missingModeRate(input.featureNames, input.scored),
    frequencies: latestFrequencies(input.featureNames, input.scored, input.featureLabels),
    ...(input.featureLabels && Object.keys(input.featureLabels).length > 0
      ? { feature_labels: { ...input.featureLabels } }
      : {}),
    ...(input.baselineMissingModeRate === undefined
      ? {}
      : { baseline_missing_mode_rate: input.baselineMissingModeRate }),
    ...(input.trackedByDay ? { tracked_hz: input.trackedByDay } : {}),
    ...(input.baseline
      ? {
          baseline_start: iso(input.baseline.from),
          baseline_end: iso(input.baseline.to),
          learned_months: learnedMonths(input.baseline),
        }
      : {}),
    ...(frozen === null ? {} : { learned_frost: frozen }),
  };
}

export interface RebaseliningReportInput {
  sid: string;
  bridgeId: number;
  /** The stored model's method and threshold, if one exists (nothing is scored with it). */
  method: Schemas['AnomalyReport']['method'];
  threshold: number;
  period: { from: number; to: number };
  evaluatedAt: Date;
  trainedAt: Date;
  rebaselining: NonNullable<Schemas['AnomalyReport']['rebaselining']>;
}

/**
 * The report while the bridge relearns its normal after a repair (docs/decisions/023): every
 * window of the data since the event is listed unscored and unjudged, so no episode, anomaly or
 * alert can come from it.
 */
export function buildRebaseliningReport(input: RebaseliningReportInput): Schemas['AnomalyReport'] {
  const windows: Schemas['AnomalyReport']['windows'] = [];
  for (let start = input.period.from; start + WINDOW_MS <= input.period.to; start += WINDOW_MS) {
    windows.push({
      start: iso(start),
      end: iso(start + WINDOW_MS),
      error: null,
      anomalous: false,
      outside_baseline: false,
      outside_learned_conditions: false,
    });
  }
  return {
    sid: input.sid,
    bridge: input.bridgeId,
    method: input.method,
    num_anomalies: 0,
    anomaly_count: 0,
    anomaly_indices: [],
    reconstruction_errors: windows.map(() => null),
    threshold: input.threshold,
    period_start: iso(input.period.from),
    period_end: iso(input.period.to),
    evaluated_at: input.evaluatedAt.toISOString(),
    trained_at: input.trainedAt.toISOString(),
    windows,
    events: [],
    top_contributors: [],
    skipped_windows: {},
    alarms: [],
    outside_learned_conditions: 0,
    rebaselining: input.rebaselining,
  };
}
