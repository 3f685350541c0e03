import { at } from './at.ts';
/**
 * The threshold rule, documented once (docs/decisions/008-calibrated-alarms.md).
 *
 * Calibration rows are the LAST quarter of the baseline, later in time than every training row:
 * a detector meets the weather, drift and wear of the future, not of the days it learnt from, so
 * errors on interleaved blocks (which share the training rows' weather) understate the rate at
 * which it will fire. The threshold for a target false-alarm rate α is the (1 − α) quantile of
 * the calibration errors. Where the calibration rows are too few to show that quantile (α·n
 * under MIN_TAIL_EXCEEDANCES), the tail above u, the (1 − p_u) quantile, is modelled as
 * exponential (peaks over threshold; squared errors have chi-square-like, exponential tails)
 * with scale β = the mean excess over u, and the threshold is u + β·ln(p_u / α).
 */
export const CALIBRATION_SHARE = 0.25;
/**
 * The default target false-alarm rate (docs/decisions/008-calibrated-alarms.md): 1 % of healthy
 * rows. Measured on the seasonal-bridge analogue in bench:detect it gave 1.4 % false alarms
 * unsmoothed and 0.7 % with the detect command's 12-row mean, under the 2 % goal.
 */
export const DEFAULT_TARGET_FALSE_ALARM_RATE = 0.01;
/** Issue 8's rate, kept as the rule's short-baseline reference (thresholdFromErrors). */
export const EXCEEDANCE_PROBABILITY = 0.001;
/** Exceedances needed above u before an empirical quantile is trusted over the tail model. */
const MIN_TAIL_EXCEEDANCES = 20;

function quantile(sorted: readonly number[], p: number): number {
  const position = p * (sorted.length - 1);
  const below = at(sorted, Math.floor(position));
  const above = at(sorted, Math.ceil(position));
  return below + (above - below) * (position - Math.floor(position));
}

export function calibratedThreshold(
  errors: readonly number[],
  targetRate = EXCEEDANCE_PROBABILITY,
): number {
  const sorted = errors.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length < 2) throw new RangeError('too few calibration errors to set a threshold');
  // The tail starts where MIN_TAIL_EXCEEDANCES rows lie above it, never below the 75th percentile.
  const tailShare = Math.max(targetRate, Math.min(0.25, MIN_TAIL_EXCEEDANCES / sorted.length));
  const u = quantile(sorted, 1 - tailShare);
  if (tailShare <= targetRate) return u;
  const excesses = sorted.filter((e) => e > u).map((e) => e - u);
  const beta = excesses.length > 0 ? excesses.reduce((a, b) => a + b, 0) / excesses.length : 0;
  return u + beta * Math.log(tailShare / targetRate);
}

/** The issue 8 name of the rule at the stored analysis' rate. */
export const thresholdFromErrors = (errors: readonly number[]): number =>
  calibratedThreshold(errors, EXCEEDANCE_PROBABILITY);

/**
 * Splits baseline rows 0..n-1 in time: the first three quarters train, the last quarter (at
 * least 2 rows) calibrates.
 */
export function splitBaseline(
  n: number,
  blockRows?: number,
): { train: number[]; heldOut: number[] } {
  const rows = Array.from({ length: n }, (_, i) => i);
  // A baseline that grows through the seasons (decision 017) cannot hold its newest quarter
  // out: that quarter is the first frost, which training would then never see. With blocks,
  // every fourth block of `blockRows` (a week) calibrates, still days away from most training
  // rows' weather, and every season is in both parts.
  if (blockRows && n >= 8 * blockRows) {
    const block = (i: number) => Math.floor(i / blockRows) % 4 === 3;
    return { train: rows.filter((i) => !block(i)), heldOut: rows.filter(block) };
  }
  const calibration = Math.max(2, Math.round(n * CALIBRATION_SHARE));
  return { train: rows.slice(0, n - calibration), heldOut: rows.slice(n - calibration) };
}
