/** Robust statistics for the sensor-validation detectors. */

import { medianOf } from '../order-statistics.ts';

export const MAD_TO_SIGMA = 1.4826;

/** The median (NaN of none), by selection: window medians of a 100 Hz day were sorts of 60,000. */
export function median(values: ArrayLike<number>): number {
  return medianOf(values);
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
