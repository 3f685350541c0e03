import { at } from './at.ts';
import { trainMahalanobis } from './mahalanobis.ts';
import {
  fitPreprocessor,
  restorePreprocessor,
  type Preprocessor,
  type PreprocessorParams,
} from './preprocess.ts';
import { restoreScorer, type ScorerModel } from './scorer-models.ts';
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
  /** Each feature's part of the score (0 where missing), same order as the features. */
  contributions(features: readonly number[], context: readonly number[]): number[];
  trainingMs: number;
  /** Everything needed to score again later: JSON-safe. */
  model: DetectorModel;
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
  const column = (k: number) => baseline.context.map((c) => at(c, k));
  const contextCount = baseline.context[0]?.length ?? 0;
  const partial = assembleDetector(
    {
      version: 1,
      method,
      threshold: Number.NaN,
      preprocessor: preprocessor.params,
      scorer: scorer.model,
      contextLow: Array.from({ length: contextCount }, (_, k) => Math.min(...column(k))),
      contextHigh: Array.from({ length: contextCount }, (_, k) => Math.max(...column(k))),
    },
    preprocessor,
    scorer,
    0,
  );
  const heldOutErrors = heldOut.map((i) =>
    partial.score(at(baseline.features, i), at(baseline.context, i)),
  );
  let model: DetectorModel = { ...partial.model, threshold: thresholdFromErrors(heldOutErrors) };
  let linear: RowScorer | undefined;
  if (method !== 'mahalanobis') {
    // A neural network's answer outside the contexts it was trained on is arbitrary (a colder
    // day than any in the baseline gave most of the autoencoder's false alarms), whereas the
    // linear context model extrapolates its temperature trend and frozen-deck hinges smoothly.
    // So rows outside the baseline's range are scored by the linear model, on the same scale.
    linear = await trainMahalanobis(scaled, preprocessor, options);
    const linearErrors = heldOut.map((i) => {
      const z = preprocessor.scaleFeatures(at(baseline.features, i));
      return linear?.score(z, preprocessor.scaleContext(at(baseline.context, i))) ?? Number.NaN;
    });
    model = {
      ...model,
      extrapolation: { scorer: linear.model, threshold: thresholdFromErrors(linearErrors) },
    };
  }
  return assembleDetector(model, preprocessor, scorer, performance.now() - started, linear);
}

function assembleDetector(
  model: DetectorModel,
  preprocessor: Preprocessor,
  scorer: RowScorer,
  trainingMs: number,
  extrapolationScorer?: RowScorer,
): TrainedDetector {
  const { contextLow: low, contextHigh: high, extrapolation } = model;
  const outsideBaseline = (context: readonly number[]) =>
    context.some((v, k) => v < at(low, k) || v > at(high, k));
  // Which model scores a row, and the factor that puts its errors on the detector's scale.
  const scorerFor = (context: readonly number[]): { by: RowScorer; scale: number } =>
    extrapolationScorer && extrapolation && outsideBaseline(context)
      ? { by: extrapolationScorer, scale: model.threshold / extrapolation.threshold }
      : { by: scorer, scale: 1 };
  return {
    method: model.method,
    threshold: model.threshold,
    score(features, context) {
      const z = preprocessor.scaleFeatures(features);
      if (!z.some(Number.isFinite)) return Number.NaN;
      const { by, scale } = scorerFor(context);
      return by.score(z, preprocessor.scaleContext(context)) * scale;
    },
    contributions(features, context) {
      const { by, scale } = scorerFor(context);
      return by
        .contributions(preprocessor.scaleFeatures(features), preprocessor.scaleContext(context))
        .map((c) => c * scale);
    },
    outsideBaseline,
    trainingMs,
    model,
  };
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
