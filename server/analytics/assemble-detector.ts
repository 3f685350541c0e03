import { at } from './at.ts';
import type { RowScorer } from './scorer-models.ts';
import type { DetectorModel, TrainedDetector } from './detector-types.ts';
import { patternCalibrator, type PatternCalibrator } from './pattern-calibration.ts';
import type { Preprocessor } from './preprocess.ts';
import { EXCEEDANCE_PROBABILITY } from './threshold.ts';

/** Thresholds of a model stored before calibration rows were kept: one for every pattern. */
const fixed = (threshold: number): PatternCalibrator => ({ thresholdFor: () => threshold });

/**
 * A scoring detector from its model and restored parts. Each score is the raw score times
 * (full-row threshold / the threshold of the row's missing pattern, for the model that scored
 * it), so one threshold, `model.threshold`, applies to every row at the calibrated rate.
 */
export function assembleDetector(
  stored: DetectorModel,
  preprocessor: Preprocessor,
  scorer: RowScorer,
  trainingMs: number,
  extrapolationScorer?: RowScorer,
): TrainedDetector {
  const { contextLow: low, contextHigh: high, calibration } = stored;
  const outsideBaseline = (context: readonly number[]) =>
    context.some((v, k) => v < at(low, k) || v > at(high, k));
  const rawScore =
    (by: RowScorer) =>
    (features: readonly number[], context: readonly number[]): number => {
      const z = preprocessor.scaleFeatures(features);
      if (!z.some(Number.isFinite)) return Number.NaN;
      return by.score(z, preprocessor.scaleContext(context));
    };
  const rows = calibration && {
    features: calibration.features.map((f) => f.map((v) => v ?? Number.NaN)),
    context: calibration.context,
  };
  const calibrate = (by: RowScorer, storedThreshold: number): PatternCalibrator =>
    rows && calibration
      ? patternCalibrator(rawScore(by), rows, calibration.targetFalseAlarmRate)
      : fixed(storedThreshold);
  const primary = calibrate(scorer, stored.threshold);
  const secondary =
    extrapolationScorer && stored.extrapolation
      ? calibrate(extrapolationScorer, stored.extrapolation.threshold)
      : undefined;
  const allObserved = new Array<number>(preprocessor.featureCount).fill(0);
  const threshold = primary.thresholdFor(allObserved);
  const model: DetectorModel = {
    ...stored,
    threshold,
    ...(stored.extrapolation && secondary
      ? {
          extrapolation: {
            ...stored.extrapolation,
            threshold: secondary.thresholdFor(allObserved),
          },
        }
      : {}),
  };
  // Which model scores a row, and the factor that puts its errors on the detector's scale.
  const scorerFor = (features: readonly number[], context: readonly number[]) => {
    const useLinear = extrapolationScorer && secondary && outsideBaseline(context);
    const by = useLinear ? extrapolationScorer : scorer;
    const calibrator = useLinear ? secondary : primary;
    return { by, scale: threshold / calibrator.thresholdFor(features) };
  };
  return {
    method: model.method,
    threshold,
    targetFalseAlarmRate: calibration?.targetFalseAlarmRate ?? EXCEEDANCE_PROBABILITY,
    calibrationRows: calibration?.features.length ?? 0,
    score(features, context) {
      const z = preprocessor.scaleFeatures(features);
      if (!z.some(Number.isFinite)) return Number.NaN;
      const { by, scale } = scorerFor(features, context);
      return by.score(z, preprocessor.scaleContext(context)) * scale;
    },
    contributions(features, context) {
      const { by, scale } = scorerFor(features, context);
      return by
        .contributions(preprocessor.scaleFeatures(features), preprocessor.scaleContext(context))
        .map((c) => c * scale);
    },
    outsideBaseline,
    trainingMs,
    model,
  };
}
