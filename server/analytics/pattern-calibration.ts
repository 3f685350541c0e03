import { at } from './at.ts';
import { calibratedThreshold } from './threshold.ts';

/**
 * Thresholds per pattern of missing features. A row with a sensor in maintenance is scored on
 * the features it has, and that score's healthy distribution is not the full row's: dividing by
 * the observed count (issue 8) let one missing sensor raise the false-alarm rate from 0.1 % to
 * several percent. So each pattern gets its own threshold, from the same calibration rows with
 * the same features blanked: the exact held-out distribution of that pattern's score, whatever
 * the model. Thresholds are computed the first time a pattern is met and cached; they depend on
 * the baseline only, so scores stay causal.
 */
export interface CalibrationRows {
  features: readonly (readonly number[])[];
  context: readonly (readonly number[])[];
}

export type RawScore = (features: readonly number[], context: readonly number[]) => number;

/** A key for the set of observed features (a bit mask up to 31 features). */
export function patternKey(features: readonly number[]): number | string {
  if (features.length > 31) return features.map((v) => (Number.isFinite(v) ? '1' : '0')).join('');
  let key = 0;
  for (let j = 0; j < features.length; j += 1) if (Number.isFinite(features[j])) key |= 1 << j;
  return key;
}

/** Fewer calibration rows than this with a pattern's features all observed: use every row. */
const MIN_PATTERN_ROWS = 8;

export interface PatternCalibrator {
  /** The threshold at the target rate for rows observing the same features as `features`. */
  thresholdFor(features: readonly number[]): number;
}

export function patternCalibrator(
  score: RawScore,
  rows: CalibrationRows,
  targetRate: number,
): PatternCalibrator {
  const cache = new Map<number | string, number>();
  const compute = (features: readonly number[]): number => {
    const observed = features.map(Number.isFinite);
    const covering = rows.features.flatMap((row, i) =>
      observed.every((o, j) => !o || Number.isFinite(at(row, j))) ? [i] : [],
    );
    const use = covering.length >= MIN_PATTERN_ROWS ? covering : rows.features.map((_, i) => i);
    const errors = use.map((i) =>
      score(
        at(rows.features, i).map((v, j) => (observed[j] ? v : Number.NaN)),
        at(rows.context, i),
      ),
    );
    return calibratedThreshold(errors, targetRate);
  };
  return {
    thresholdFor(features) {
      const key = patternKey(features);
      let threshold = cache.get(key);
      if (threshold === undefined) {
        threshold = compute(features);
        cache.set(key, threshold);
      }
      return threshold;
    },
  };
}
