/**
 * The detector's types and plain data, apart from its training and restoring (detector.ts), so
 * that the scorers and the assembly it builds on can name them without importing it back.
 */
import type { Preprocessor, PreprocessorParams } from './preprocess.ts';
import type { RowScorer, ScorerModel } from './scorer-models.ts';

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
