import { at } from './at.ts';
import { InputError, type ChannelTable } from './csv-table.ts';
import { MIN_BASELINE_ROWS, trainDetector } from './detector.ts';
import {
  METHODS,
  type MethodName,
  type ScorerTrainer,
  type TrainedDetector,
} from './detector-types.ts';
import { trainAutoencoder } from './autoencoder.ts';
import { trainMahalanobis } from './mahalanobis.ts';
import { DEFAULT_EPISODE_RULES, findEpisodes, type EpisodeRules } from './episodes.ts';
import { detectStream } from './streaming-detector.ts';
import { smoothedDetectorScores } from './score-smoothing.ts';
import { DEFAULT_TARGET_FALSE_ALARM_RATE } from './threshold.ts';
import { MIN_CONTROL_CHART_ROWS, controlChartRows } from './detect-control-chart.ts';
import { DEFAULT_ARL_ROWS } from './control-chart-detector.ts';
import type { CumulativeShift, TriggerLevel, TriggerLevels } from './cumulative-shift.ts';

export const TRAINERS: Record<MethodName, ScorerTrainer> = {
  autoencoder: trainAutoencoder,
  mahalanobis: trainMahalanobis,
};

/**
 * The detect command's methods: the trained ones, the streaming one for a single channel, and
 * the control charts on temperature-compensated modal frequencies (issue 29).
 */
export type DetectMethod = MethodName | 'streaming' | 'control-chart';
export const DETECT_METHODS: readonly DetectMethod[] = [...METHODS, 'streaming', 'control-chart'];

/**
 * Default false-alarm targets (docs/decisions/008-calibrated-alarms.md): 1 % of healthy rows for
 * the trained methods (threshold.ts); 0.1 % of rows for a stream, judged by its alarms.
 */
export const DEFAULT_TARGETS: Record<DetectMethod, number> = {
  autoencoder: DEFAULT_TARGET_FALSE_ALARM_RATE,
  mahalanobis: DEFAULT_TARGET_FALSE_ALARM_RATE,
  streaming: 0.001,
  // False-alarm episodes per row: one per in-control average run length.
  'control-chart': 1 / DEFAULT_ARL_ROWS,
};
/** Rows in the trailing mean of the trained methods' scores (score-smoothing.ts). */
export const DEFAULT_SMOOTH_ROWS = 12;

/**
 * The default method (issue 29, decision 028): streaming for one channel without context; the
 * control charts when every scored value of the baseline is positive (frequencies: they score
 * Δf/f) and the baseline has the rows their model choice needs; the autoencoder otherwise. On
 * held-out data the control charts detected more of every injected loss at fewer false alarms
 * (bench:detect, BENCH_ONLY=default).
 */
export function defaultMethod(
  table: ChannelTable,
  contextColumns: readonly string[],
  baselineRows: number,
): DetectMethod {
  const scored = table.columns.flatMap((c, i) => (contextColumns.includes(c) ? [] : [i]));
  if (scored.length === 1 && contextColumns.length === 0) return 'streaming';
  const baseline = table.rows.slice(0, baselineRows);
  const positive = baseline.every((row) =>
    scored.every((i) => {
      const v = at(row, i);
      return Number.isNaN(v) || v > 0;
    }),
  );
  return positive && baselineRows >= MIN_CONTROL_CHART_ROWS ? 'control-chart' : 'autoencoder';
}

export interface DetectOptions {
  baselineRows: number;
  contextColumns: string[];
  method: DetectMethod;
  /** Share of healthy rows allowed above the threshold; default per method (above). */
  targetFalseAlarmRate?: number;
  /** Trained methods: rows in the trailing mean of the scores (1 = each row alone). */
  smoothRows?: number;
  seed?: number;
  epochs?: number;
  /** control-chart: the trigger levels of the cumulative shift (default −2 % and −5 %). */
  triggerLevels?: TriggerLevels;
  onProgress?: (fraction: number) => void;
}

/** The detect command's answer (issue 8). A row with no scored value gets a null error. */
export interface DetectResult {
  method: DetectMethod;
  threshold: number;
  target_false_alarm_rate: number;
  /** How many baseline rows, the last ones, set the threshold. */
  calibration_rows: number;
  /** Rows in the trailing mean that makes each score (1 for the streaming method). */
  smooth_rows: number;
  reconstruction_errors: (number | null)[];
  /** Every row above the threshold. */
  anomaly_indices: number[];
  anomaly_count: number;
  /** Rows after the baseline where an alarm episode starts (episodes.ts): the detections. */
  alarms: number[];
  /** control-chart: rows whose context lies outside what the model learnt (null scores). */
  unjudged_indices?: number[];
  /** control-chart: each mode's compensated shift against the baseline, with trigger levels. */
  cumulative_shift?: CumulativeShiftOutput;
}

/** The cumulative shift as the detect command prints it (relative shifts; −0.02 = −2 %). */
export interface CumulativeShiftOutput {
  window_rows: number;
  amber: number;
  red: number;
  columns: string[];
  /** Per scored column, per row: mean Δf/f over the window and its standard error. */
  shift: (number | null)[][];
  standard_error: (number | null)[][];
  /** The mean over the modes, per row. */
  mean_shift: (number | null)[];
  mean_standard_error: (number | null)[];
  /** The latched level per row (worst over the modes and their mean). */
  level: TriggerLevel[];
  /** Rows where the level changed, and to what. */
  changes: { row: number; level: TriggerLevel }[];
}

export function checkDetectOptions(table: ChannelTable, options: DetectOptions): void {
  if (!DETECT_METHODS.includes(options.method)) {
    throw new InputError(
      `Unknown method '${options.method}'; use one of: ${DETECT_METHODS.join(', ')}`,
    );
  }
  const rate = options.targetFalseAlarmRate;
  if (rate !== undefined && !(rate > 0 && rate < 0.5)) {
    throw new InputError('--target-false-alarm-rate must be a number above 0 and below 0.5');
  }
  const n = options.baselineRows;
  if (!Number.isInteger(n) || n < MIN_BASELINE_ROWS || n > table.rows.length) {
    throw new InputError(
      `--baseline-rows must be a whole number from ${MIN_BASELINE_ROWS} to the ${table.rows.length} rows of the file`,
    );
  }
  for (const name of options.contextColumns) {
    if (!table.columns.includes(name)) {
      throw new InputError(`Context column '${name}' is not in the CSV header`);
    }
  }
  if (table.columns.every((c) => options.contextColumns.includes(c))) {
    throw new InputError('Every channel is a context column; nothing is left to score');
  }
  if (
    options.method === 'streaming' &&
    table.columns.length - options.contextColumns.length !== 1
  ) {
    throw new InputError(
      'The streaming method scores one channel; name the others with --context or choose another --method',
    );
  }
}

export const targetRateOf = (options: DetectOptions): number =>
  options.targetFalseAlarmRate ?? DEFAULT_TARGETS[options.method];

/**
 * Splits the table into scored channels and context, filling missing context causally (the last
 * value seen, or the baseline mean before the first one) so that a row never borrows from the
 * future.
 */
export function splitTable(
  table: ChannelTable,
  options: DetectOptions,
): { features: number[][]; context: number[][] } {
  const contextIndex = options.contextColumns.map((name) => table.columns.indexOf(name));
  const featureIndex = table.columns.map((_, i) => i).filter((i) => !contextIndex.includes(i));
  const baselineMeans = contextIndex.map((c, k) => {
    const values = table.rows
      .slice(0, options.baselineRows)
      .map((row) => at(row, c))
      .filter(Number.isFinite);
    if (values.length === 0) {
      throw new InputError(
        `Context column '${options.contextColumns[k]}' has no values in the baseline rows`,
      );
    }
    return values.reduce((a, b) => a + b, 0) / values.length;
  });
  const last = [...baselineMeans];
  const context = table.rows.map((row) =>
    contextIndex.map((c, k) => {
      const value = at(row, c);
      if (Number.isFinite(value)) last[k] = value;
      return at(last, k);
    }),
  );
  return { features: table.rows.map((row) => featureIndex.map((i) => at(row, i))), context };
}

export async function trainOnTable(
  table: ChannelTable,
  options: DetectOptions & { method: MethodName },
): Promise<{
  detector: TrainedDetector;
  data: { features: number[][]; context: number[][] };
}> {
  checkDetectOptions(table, options);
  const data = splitTable(table, options);
  const n = options.baselineRows;
  const detector = await trainDetector(
    options.method,
    TRAINERS[options.method],
    { features: data.features.slice(0, n), context: data.context.slice(0, n) },
    {
      seed: options.seed,
      epochs: options.epochs,
      onProgress: options.onProgress,
      targetFalseAlarmRate: targetRateOf(options),
    },
  );
  return { detector, data };
}

/** The answer from per-row scores: alarms are judged on the rows after the baseline. */
function resultOf(
  head: Pick<
    DetectResult,
    'method' | 'threshold' | 'target_false_alarm_rate' | 'calibration_rows' | 'smooth_rows'
  >,
  errors: (number | null)[],
  alarms: number[],
): DetectResult {
  const anomalies = errors.flatMap((e, i) => (e !== null && e > head.threshold ? [i] : []));
  return {
    ...head,
    reconstruction_errors: errors,
    anomaly_indices: anomalies,
    anomaly_count: anomalies.length,
    alarms,
  };
}

export function scoreRows(
  detector: TrainedDetector,
  data: { features: number[][]; context: number[][] },
  baselineRows: number,
  smoothRows = DEFAULT_SMOOTH_ROWS,
  rules: EpisodeRules = DEFAULT_EPISODE_RULES,
): DetectResult {
  const { scores: errors, threshold } = smoothedDetectorScores(
    detector,
    data,
    baselineRows,
    smoothRows,
  );
  const judged = errors.map((e, i) => (i < baselineRows ? null : e));
  return resultOf(
    {
      method: detector.method,
      threshold,
      target_false_alarm_rate: detector.targetFalseAlarmRate,
      calibration_rows: detector.calibrationRows,
      smooth_rows: Math.max(1, smoothRows),
    },
    errors,
    findEpisodes(judged, threshold, rules).map((e) => e.start),
  );
}

function detectStreamTable(table: ChannelTable, options: DetectOptions): DetectResult {
  checkDetectOptions(table, options);
  const channel = table.columns.findIndex((c) => !options.contextColumns.includes(c));
  const target = targetRateOf(options);
  const result = detectStream(
    table.rows.map((row) => at(row, channel)),
    { baselineRows: options.baselineRows, targetFalseAlarmRate: target },
  );
  return resultOf(
    {
      method: 'streaming',
      threshold: result.threshold,
      target_false_alarm_rate: target,
      calibration_rows: result.calibrationRows,
      smooth_rows: 1,
    },
    result.scores,
    result.episodes.map((e) => e.start),
  );
}

function shiftOutput(shift: CumulativeShift, columns: string[]): CumulativeShiftOutput {
  return {
    window_rows: shift.windowRows,
    amber: shift.levels.amber,
    red: shift.levels.red,
    columns,
    shift: shift.modes.map((m) => m.shift),
    standard_error: shift.modes.map((m) => m.standardError),
    mean_shift: shift.mean.shift,
    mean_standard_error: shift.mean.standardError,
    level: shift.level,
    changes: shift.changes,
  };
}

export async function detectTable(
  table: ChannelTable,
  options: DetectOptions,
): Promise<DetectResult & { trainingMs: number }> {
  const started = performance.now();
  const { method } = options;
  if (method === 'streaming') {
    return { ...detectStreamTable(table, options), trainingMs: performance.now() - started };
  }
  if (method === 'control-chart') {
    checkDetectOptions(table, options);
    const target = targetRateOf(options);
    const rows = controlChartRows(splitTable(table, options), {
      baselineRows: options.baselineRows,
      targetFalseAlarmRate: target,
      seed: options.seed,
      triggerLevels: options.triggerLevels,
    });
    const head = {
      method,
      threshold: 1,
      target_false_alarm_rate: target,
      calibration_rows: rows.calibrationRows,
      smooth_rows: 1,
    };
    return {
      ...resultOf(head, rows.scores, rows.alarms),
      unjudged_indices: rows.unjudged,
      cumulative_shift: shiftOutput(
        rows.shift,
        table.columns.filter((c) => !options.contextColumns.includes(c)),
      ),
      trainingMs: performance.now() - started,
    };
  }
  const { detector, data } = await trainOnTable(table, { ...options, method });
  return {
    ...scoreRows(detector, data, options.baselineRows, options.smoothRows),
    trainingMs: detector.trainingMs,
  };
}
