import { at } from './at.ts';
/**
 * The threshold rule, documented once: the detector is trained on three quarters of the baseline
 * and scores the remaining quarter (interleaved blocks it never trained on, so every season of
 * the baseline is represented). The upper tail of those held-out errors is modelled as
 * exponential above their 75th percentile u (peaks over threshold; squared errors have
 * chi-square-like, exponential tails), with scale β = the mean excess over u. The threshold is
 * the error that tail model exceeds with probability 0.1 %: u + β·ln(0.25 / 0.001). Modelling the
 * tail instead of taking the largest held-out error keeps the threshold stable when the baseline
 * is short (the Yonghe data has 36 held-out samples), and 0.1 % leaves room under the 1 %
 * false-alarm goal for conditions the baseline did not quite cover.
 */
export const TAIL_QUANTILE = 0.75;
export const EXCEEDANCE_PROBABILITY = 0.001;

export function thresholdFromErrors(errors: readonly number[]): number {
  const sorted = errors.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length < 2)
    throw new RangeError('too few held-out baseline errors to set a threshold');
  const position = TAIL_QUANTILE * (sorted.length - 1);
  const below = at(sorted, Math.floor(position));
  const above = at(sorted, Math.ceil(position));
  const u = below + (above - below) * (position - Math.floor(position));
  const excesses = sorted.filter((e) => e > u).map((e) => e - u);
  const beta = excesses.length > 0 ? excesses.reduce((a, b) => a + b, 0) / excesses.length : 0;
  return u + beta * Math.log((1 - TAIL_QUANTILE) / EXCEEDANCE_PROBABILITY);
}

/**
 * Splits baseline rows 0..n-1 into training and held-out rows: 40 consecutive blocks (at least
 * one row each), every fourth block held out.
 */
export function splitBaseline(n: number): { train: number[]; heldOut: number[] } {
  const blockLength = Math.max(1, Math.round(n / 40));
  const train: number[] = [];
  const heldOut: number[] = [];
  for (let i = 0; i < n; i += 1) {
    (Math.floor(i / blockLength) % 4 === 3 ? heldOut : train).push(i);
  }
  return { train, heldOut };
}
