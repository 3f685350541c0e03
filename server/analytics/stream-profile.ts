import { at } from './at.ts';

/**
 * What the first half of a single-channel baseline says about its normal behaviour: level, a
 * repeating cycle if there is one (daily traffic, weekly load), how smooth it is (the lag-1
 * correlation of its deviations), its scatter, and how long it normally stays on one value.
 */
export interface StreamProfile {
  /** Rows per cycle; 0 when the baseline shows none. */
  period: number;
  level: number;
  /** Mean deviation from the level per phase (row index mod period). */
  season: number[];
  /** Lag-1 correlation of the deviations, 0..0.98: how much the last row predicts the next. */
  phi: number;
  sigmaDeviation: number;
  sigmaInnovation: number;
  /** Longest run of identical consecutive values in the baseline. */
  longestRun: number;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? at(sorted, mid) : (at(sorted, mid - 1) + at(sorted, mid)) / 2;
};
export { median };

/** Robust scale: 1.4826 × the median absolute deviation (the standard deviation if Gaussian). */
export const robustScale = (values: readonly number[]): number => {
  const m = median(values);
  return 1.4826 * median(values.map((v) => Math.abs(v - m)));
};

/**
 * The strongest autocorrelation peak past the first dip below zero, if above 0.3 and the
 * baseline holds three cycles of it; 0 otherwise (a trend or a random walk has no such peak).
 */
export function detectPeriod(values: readonly number[]): number {
  const x = values.slice(-10_000);
  const n = x.length;
  const mean = x.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const centred = x.map((v) => v - mean);
  const variance = centred.reduce((a, v) => a + v * v, 0);
  if (n < 12 || variance === 0) return 0;
  const maxLag = Math.min(2000, Math.floor(n / 3));
  const acf = [1];
  for (let k = 1; k <= maxLag + 1; k += 1) {
    let sum = 0;
    for (let t = k; t < n; t += 1) sum += at(centred, t) * at(centred, t - k);
    acf.push(sum / variance);
  }
  const firstNegative = acf.findIndex((r) => r < 0);
  if (firstNegative < 0) return 0;
  let best = 0;
  for (let k = firstNegative + 1; k <= maxLag; k += 1) {
    const r = at(acf, k);
    if (r >= at(acf, k - 1) && r >= at(acf, k + 1) && (best === 0 || r > at(acf, best))) best = k;
  }
  return best > 1 && at(acf, best) > 0.3 ? best : 0;
}

/** Fits the profile on rows `offset`.. of a stream (missing values, NaN, left out). */
export function fitStreamProfile(values: readonly number[], offset = 0): StreamProfile {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 4) throw new RangeError('The baseline needs at least 4 values');
  const level = median(finite);
  const period = detectPeriod(finite.map((v) => v - level));
  const season = new Array<number>(period).fill(0);
  if (period > 0) {
    const counts = new Array<number>(period).fill(0);
    values.forEach((v, i) => {
      if (!Number.isFinite(v)) return;
      const p = (offset + i) % period;
      season[p] = at(season, p) + v - level;
      counts[p] = at(counts, p) + 1;
    });
    season.forEach((s, p) => (season[p] = s / Math.max(1, at(counts, p))));
  }
  const deviations = values.map((v, i) =>
    period > 0 ? v - level - at(season, (offset + i) % period) : v - level,
  );
  const pairs = deviations.flatMap((d, i) => {
    const previous = deviations[i - 1];
    return i > 0 && Number.isFinite(d) && previous !== undefined && Number.isFinite(previous)
      ? [[previous, d] as const]
      : [];
  });
  const variance = pairs.reduce((a, [p]) => a + p * p, 0);
  const phi =
    variance > 0
      ? Math.min(0.98, Math.max(0, pairs.reduce((a, [p, d]) => a + p * d, 0) / variance))
      : 0;
  // A floor of the smallest step the data takes keeps a flat or quantised baseline usable.
  const steps = finite.flatMap((v, i) =>
    i > 0 && v !== finite[i - 1] ? [Math.abs(v - at(finite, i - 1))] : [],
  );
  const resolution = steps.length > 0 ? Math.min(...steps) : Math.max(1e-9, Math.abs(level) * 1e-6);
  let longestRun = 1;
  let run = 1;
  for (let i = 1; i < finite.length; i += 1) {
    run = finite[i] === finite[i - 1] ? run + 1 : 1;
    longestRun = Math.max(longestRun, run);
  }
  return {
    period,
    level,
    season,
    phi,
    sigmaDeviation: Math.max(resolution, robustScale(deviations.filter(Number.isFinite))),
    sigmaInnovation: Math.max(resolution, robustScale(pairs.map(([p, d]) => d - phi * p))),
    longestRun,
  };
}
