import { at } from './at.ts';
import { fitPreprocessor, type Preprocessor } from './preprocess.ts';
import { splitBaseline, thresholdFromErrors } from './threshold.ts';

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
  onProgress?: (fraction: number) => void;
}

/** A model's error for one standardised row; both methods implement it. */
export interface RowScorer {
  score(scaledFeatures: readonly number[], scaledContext: readonly number[]): number;
}

export type ScorerTrainer = (
  rows: { features: number[][]; context: number[][] },
  preprocessor: Preprocessor,
  options: TrainOptions,
) => Promise<RowScorer>;

/** A trained detector. Scoring a row depends on that row only, so scores are causal. */
export interface TrainedDetector {
  method: MethodName;
  threshold: number;
  /** NaN when none of the row's features is observed. */
  score(features: readonly number[], context: readonly number[]): number;
  /**
   * True when a context value lies outside what the baseline saw (a colder day than any in the
   * baseline): the score then rests on extrapolation, and an alert should say so.
   */
  outsideBaseline(context: readonly number[]): boolean;
  trainingMs: number;
}

export const MIN_BASELINE_ROWS = 8;

/**
 * Fits the preprocessing and the model on the training part of the baseline and sets the
 * threshold from the held-out part (rule in threshold.ts).
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
  const { train, heldOut } = splitBaseline(n);
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
  const score = (features: readonly number[], context: readonly number[]): number => {
    const z = preprocessor.scaleFeatures(features);
    if (!z.some(Number.isFinite)) return Number.NaN;
    return scorer.score(z, preprocessor.scaleContext(context));
  };
  const heldOutErrors = heldOut.map((i) =>
    score(at(baseline.features, i), at(baseline.context, i)),
  );
  const low =
    baseline.context[0]?.map((_, k) => Math.min(...baseline.context.map((c) => at(c, k)))) ?? [];
  const high =
    baseline.context[0]?.map((_, k) => Math.max(...baseline.context.map((c) => at(c, k)))) ?? [];
  return {
    method,
    threshold: thresholdFromErrors(heldOutErrors),
    score,
    outsideBaseline: (context) => context.some((v, k) => v < at(low, k) || v > at(high, k)),
    trainingMs: performance.now() - started,
  };
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
