import { at } from './at.ts';
import { trainMahalanobis } from './mahalanobis.ts';
import {
  fitPreprocessor,
  restorePreprocessor,
  type Preprocessor,
  type PreprocessorParams,
} from './preprocess.ts';
import { restoreScorer, type ScorerModel } from './scorer-models.ts';
import { assembleDetector } from './assemble-detector.ts';
import { DEFAULT_TARGET_FALSE_ALARM_RATE, splitBaseline } from './threshold.ts';

export type MethodName = 'autoencoder' | 'mahalanobis';
export const METHODS: readonly MethodName[] = ['autoencoder', 'mahalanobis'];

/** Rows of features to score and their environmental context (same row count). */
export interface DetectorData {
  /** NaN marks a missing value. */
  features: readonly (readonly number[])[];
  /** Must be complete: fill gaps causally (last value) before calling. */
  context: readonly (readonly number[])[];
}

export interface TrainOptions {
  seed?: number;
  /** Training passes for the autoencoder (default: sized to the baseline). */
  epochs?: number;
  /** Share of healthy rows allowed above the threshold (default 1 %, threshold.ts). */
  targetFalseAlarmRate?: number;
  /**
   * Calibrate on every fourth block of this many rows instead of the last quarter (threshold.ts),
   * for baselines long enough to span seasons (at least 8 blocks).
   */
  calibrationBlockRows?: number;
  onProgress?: (fraction: number) => void;
}

/** A model's error for one standardised row; both methods implement it. */
export interface RowScorer {
  score(scaledFeatures: readonly number[], scaledContext: readonly number[]): number;
  /** Each feature's part of the score (they add up to it). */
  contributions(scaledFeatures: readonly number[], scaledContext: readonly number[]): number[];
  model: ScorerModel;
}

/** A trained detector as plain JSON (stored per bridge; see restoreDetector). */
export interface DetectorModel {
  version: 1;
  method: MethodName;
  threshold: number;
  preprocessor: PreprocessorParams;
  scorer: ScorerModel;
  /** The baseline's context range, raw units. */
  contextLow: number[];
  contextHigh: number[];
  /**
   * The linear model that scores rows whose context lies outside that range (see
   * trainDetector); its errors are rescaled so that `threshold` applies to them too.
   */
  extrapolation?: { scorer: ScorerModel; threshold: number };
  /**
   * The calibration rows (the baseline's last quarter, raw units, null = missing) and the
   * target: thresholds per missing pattern are recomputed from them on restore. Absent in
   * models stored before issue 15, which keep their one threshold.
   */
  calibration?: {
    targetFalseAlarmRate: number;
    features: (number | null)[][];
    context: number[][];
  };
}

export type ScorerTrainer = (
  rows: { features: number[][]; context: number[][] },
  preprocessor: Preprocessor,
  options: TrainOptions,
) => Promise<RowScorer>;

/** A trained detector. Scoring a row depends on that row only, so scores are causal. */
export interface TrainedDetector {
  method: MethodName;
  /**
   * The threshold of a fully observed row. Rows with missing features are scored against
   * their own pattern's calibrated threshold and rescaled, so this one threshold applies to
   * every score.
   */
  threshold: number;
  /** The false-alarm rate the threshold was calibrated for. */
  targetFalseAlarmRate: number;
  /** How many baseline rows (the last ones) calibrated it; 0 for an old stored model. */
  calibrationRows: number;
  /** NaN when none of the row's features is observed. */
  score(features: readonly number[], context: readonly number[]): number;
  /**
   * True when a context value lies outside what the baseline saw (a colder day than any in the
   * baseline): the score then rests on extrapolation, and an alert should say so.
   */
  outsideBaseline(context: readonly number[]): boolean;
  /** Each feature's part of the score (0 where missing), same order as the features. */
  contributions(features: readonly number[], context: readonly number[]): number[];
  trainingMs: number;
  /** Everything needed to score again later: JSON-safe. */
  model: DetectorModel;
}

export const MIN_BASELINE_ROWS = 8;

/**
 * Fits the preprocessing and the model on the earlier part of the baseline and calibrates the
 * threshold on the later part (rule in threshold.ts, per missing pattern in
 * pattern-calibration.ts).
 */
export async function trainDetector(
  method: MethodName,
  trainer: ScorerTrainer,
  baseline: DetectorData,
  options: TrainOptions = {},
): Promise<TrainedDetector> {
  const started = performance.now();
  const n = baseline.features.length;
  if (n < MIN_BASELINE_ROWS)
    throw new RangeError(`The baseline needs at least ${MIN_BASELINE_ROWS} rows`);
  const { train, heldOut } = splitBaseline(n, options.calibrationBlockRows);
  const pick = <T>(rows: readonly T[], indices: number[]): T[] => indices.map((i) => at(rows, i));
  const preprocessor = fitPreprocessor(
    pick(baseline.features, train),
    pick(baseline.context, train),
  );
  const scaled = {
    features: pick(baseline.features, train).map((f) => preprocessor.scaleFeatures(f)),
    context: pick(baseline.context, train).map((c) => preprocessor.scaleContext(c)),
  };
  const scorer = await trainer(scaled, preprocessor, options);
  // A neural network's answer outside the contexts it was trained on is arbitrary (a colder
  // day than any in the baseline gave most of the autoencoder's false alarms), whereas the
  // linear context model extrapolates its temperature trend and frozen-deck hinges smoothly.
  // So rows outside the baseline's range are scored by the linear model, on the same scale.
  const linear =
    method === 'mahalanobis' ? undefined : await trainMahalanobis(scaled, preprocessor, options);
  const column = (k: number) => baseline.context.map((c) => at(c, k));
  const contextCount = baseline.context[0]?.length ?? 0;
  const model: DetectorModel = {
    version: 1,
    method,
    threshold: Number.NaN, // set by the calibration when assembled
    preprocessor: preprocessor.params,
    scorer: scorer.model,
    contextLow: Array.from({ length: contextCount }, (_, k) => Math.min(...column(k))),
    contextHigh: Array.from({ length: contextCount }, (_, k) => Math.max(...column(k))),
    ...(linear ? { extrapolation: { scorer: linear.model, threshold: Number.NaN } } : {}),
    calibration: {
      targetFalseAlarmRate: options.targetFalseAlarmRate ?? DEFAULT_TARGET_FALSE_ALARM_RATE,
      features: pick(baseline.features, heldOut).map((f) =>
        f.map((v) => (Number.isFinite(v) ? v : null)),
      ),
      context: pick(baseline.context, heldOut).map((c) => [...c]),
    },
  };
  return assembleDetector(model, preprocessor, scorer, performance.now() - started, linear);
}

/** A stored detector, scoring exactly as when it was trained (no TensorFlow.js needed). */
export function restoreDetector(model: DetectorModel): TrainedDetector {
  if (model.version !== 1) throw new RangeError(`Unknown detector model version ${model.version}`);
  const preprocessor = restorePreprocessor(model.preprocessor);
  const extrapolation = model.extrapolation
    ? restoreScorer(model.extrapolation.scorer, preprocessor)
    : undefined;
  return assembleDetector(
    model,
    preprocessor,
    restoreScorer(model.scorer, preprocessor),
    0,
    extrapolation,
  );
}

/**
 * The same trained detector calibrated for another false-alarm rate (no retraining: the
 * calibration rows are part of the model). Models stored before calibration keep their rate.
 */
export function recalibrateDetector(model: DetectorModel, targetRate: number): TrainedDetector {
  return restoreDetector(
    model.calibration
      ? { ...model, calibration: { ...model.calibration, targetFalseAlarmRate: targetRate } }
      : model,
  );
}

/** Mean over observed features of (residual / its training RMS)². */
export function normalisedError(residuals: readonly number[], scales: readonly number[]): number {
  let sum = 0;
  let count = 0;
  residuals.forEach((r, j) => {
    if (!Number.isFinite(r)) return;
    sum += (r / at(scales, j)) ** 2;
    count += 1;
  });
  return count === 0 ? Number.NaN : sum / count;
}
