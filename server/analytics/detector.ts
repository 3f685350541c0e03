import { at } from './at.ts';
import { trainMahalanobis } from './mahalanobis.ts';
import type {
  DetectorData,
  DetectorModel,
  MethodName,
  ScorerTrainer,
  TrainedDetector,
  TrainOptions,
} from './detector-types.ts';
import { fitPreprocessor, restorePreprocessor } from './preprocess.ts';
import { restoreScorer } from './scorer-models.ts';
import { assembleDetector } from './assemble-detector.ts';
import { DEFAULT_TARGET_FALSE_ALARM_RATE, splitBaseline } from './threshold.ts';

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
