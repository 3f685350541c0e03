/** Robust statistics for the sensor-validation detectors. */

export const MAD_TO_SIGMA = 1.4826;

export function median(values: ArrayLike<number>): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return NaN;
  return sorted.length % 2
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Robust standard deviation about the median (MAD × 1.4826). */
export function robustSigma(values: ArrayLike<number>): number {
  const centre = median(values);
  return MAD_TO_SIGMA * median(Array.from(values, (v) => Math.abs(v - centre)));
}

/**
 * Theil–Sen slope (median of pairwise slopes) of y against x: a few wild points or a step at
 * one end cannot tilt it as they tilt least squares.
 */
export function theilSenSlope(x: readonly number[], y: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < x.length; i += 1) {
    for (let j = i + 1; j < x.length; j += 1) {
      const dx = (x[j] ?? 0) - (x[i] ?? 0);
      if (dx !== 0) slopes.push(((y[j] ?? 0) - (y[i] ?? 0)) / dx);
    }
  }
  return median(slopes);
}
