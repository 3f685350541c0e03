/**
 * Analytical redundancy for one gauge (issue 30, decision 030's 2026-12-01 section): its window
 * means estimated from a co-located twin's (and, when given, a thermometer's) by least squares
 * over the week before each day, as in Kullaa's minimum mean square error sensor validation and
 * the PCA reconstruction of Dunia & Qin (1996). The residual keeps what the twin does not share:
 * the common thermal and traffic strain cancel, so a small step or a slow drift of one gauge is
 * left standing. Pure: window means in, the estimate per window out (NaN before the first week).
 */

/** Least squares of y on the columns of x (each row one window); null if singular. */
export function leastSquares(
  y: readonly number[],
  x: readonly (readonly number[])[],
): number[] | null {
  const p = x[0]?.length ?? 0;
  const a = Array.from({ length: p }, () => new Array<number>(p + 1).fill(0));
  let rows = 0;
  y.forEach((value, r) => {
    const row = x[r];
    if (!row || !Number.isFinite(value) || !row.every(Number.isFinite)) return;
    rows += 1;
    for (let i = 0; i < p; i += 1) {
      const ai = a[i] as number[];
      for (let j = 0; j < p; j += 1) ai[j] = (ai[j] ?? 0) + (row[i] ?? 0) * (row[j] ?? 0);
      ai[p] = (ai[p] ?? 0) + (row[i] ?? 0) * value;
    }
  });
  if (rows <= p) return null;
  // Gauss-Jordan with partial pivoting on a p × (p + 1) system (p is 2 or 3 here).
  for (let c = 0; c < p; c += 1) {
    let pivot = c;
    for (let r = c + 1; r < p; r += 1) {
      if (Math.abs(a[r]?.[c] ?? 0) > Math.abs(a[pivot]?.[c] ?? 0)) pivot = r;
    }
    [a[c], a[pivot]] = [a[pivot] as number[], a[c] as number[]];
    const lead = a[c]?.[c] ?? 0;
    if (Math.abs(lead) < 1e-12) return null;
    for (let r = 0; r < p; r += 1) {
      if (r === c) continue;
      const factor = (a[r]?.[c] ?? 0) / lead;
      for (let k = c; k <= p; k += 1) {
        (a[r] as number[])[k] = (a[r]?.[k] ?? 0) - factor * (a[c]?.[k] ?? 0);
      }
    }
  }
  return a.map((row, i) => (row[p] ?? 0) / (row[i] ?? 1));
}

import { median, robustSigma } from './robust.ts';

/** Windows a residual jump is measured against (an hour of 10-minute windows). */
export const RESIDUAL_LOOKBACK = 6;

/** Each window's residual minus the median of the RESIDUAL_LOOKBACK before (NaN without them). */
export function residualJumps(residual: readonly number[]): number[] {
  return residual.map((r, i) => {
    if (i < RESIDUAL_LOOKBACK) return Number.NaN;
    const before = residual.slice(i - RESIDUAL_LOOKBACK, i);
    return before.every(Number.isFinite) ? r - median(before) : Number.NaN;
  });
}

const predict = (row: readonly number[], beta: readonly number[]) =>
  row.reduce((sum, v, k) => sum + v * (beta[k] ?? 0), 0);

export interface TwinEstimate {
  /** The gauge's estimated window mean from its twin (and thermometer), NaN before a fit. */
  prediction: number[];
  /** Robust σ of the residual jumps within the fit each window's estimate used (NaN if none). */
  jumpScale: number[];
}

/**
 * Refit every `dayWindows` windows on the `fitDays` days before, applied to the day that follows.
 * `regressors[k][i]`: the k-th other signal's mean in window i (twin first, then a temperature).
 */
export function twinEstimate(
  gauge: readonly number[],
  regressors: readonly (readonly number[])[],
  dayWindows: number,
  fitDays = 7,
): TwinEstimate {
  const prediction = new Array<number>(gauge.length).fill(Number.NaN);
  const jumpScale = new Array<number>(gauge.length).fill(Number.NaN);
  const rowOf = (i: number) => [1, ...regressors.map((r) => r[i] ?? Number.NaN)];
  const span = fitDays * dayWindows;
  for (let day = span; day < gauge.length; day += dayWindows) {
    const from = day - span;
    const rows = Array.from({ length: span }, (_, k) => rowOf(from + k));
    const beta = leastSquares(gauge.slice(from, day), rows);
    if (!beta) continue;
    const fitted = rows.map((row, k) => (gauge[from + k] ?? 0) - predict(row, beta));
    const scale = robustSigma(residualJumps(fitted).filter(Number.isFinite));
    for (let i = day; i < Math.min(gauge.length, day + dayWindows); i += 1) {
      prediction[i] = predict(rowOf(i), beta);
      jumpScale[i] = scale;
    }
  }
  return { prediction, jumpScale };
}
