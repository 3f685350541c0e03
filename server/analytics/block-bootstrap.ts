import { at } from './at.ts';
import type { Rng } from './rng.ts';

/**
 * Sample autocorrelation of a series at lags 1, 2, … computed one lag at a time on demand (NaN
 * values left out of the sums): a block length is usually found within a few lags, and a year
 * of 10-minute windows would take minutes if every lag up to a fifth of the rows were computed.
 */
function autocorrelationAt(series: readonly number[]): (lag: number) => number {
  const values = Float64Array.from(series.filter(Number.isFinite));
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  for (let i = 0; i < n; i += 1) values[i] = (values[i] ?? 0) - mean;
  const variance = values.reduce((a, v) => a + v * v, 0);
  return (lag) => {
    let sum = 0;
    for (let i = lag; i < n; i += 1) sum += (values[i] ?? 0) * (values[i - lag] ?? 0);
    return variance > 0 ? sum / variance : 0;
  };
}

/** Sample autocorrelation of a series at lags 1..maxLag (NaN values left out of the sums). */
export function autocorrelation(series: readonly number[], maxLag: number): number[] {
  const acf = autocorrelationAt(series);
  return Array.from({ length: maxLag }, (_, l) => acf(l + 1));
}

/**
 * Block length of the moving-block bootstrap: the first lag at which every series'
 * autocorrelation falls inside the ±2/√n band of white noise, so a block keeps the dependence
 * that matters and blocks are nearly independent of each other. At most a fifth of the rows, so
 * a bootstrap still mixes blocks.
 */
export function blockLength(series: readonly (readonly number[])[]): number {
  const n = at(series, 0).length;
  const maxLag = Math.max(1, Math.floor(n / 5));
  const band = 2 / Math.sqrt(n);
  const acfs = series.map(autocorrelationAt);
  for (let lag = 1; lag <= maxLag; lag += 1) {
    if (acfs.every((acf) => Math.abs(acf(lag)) < band)) return lag;
  }
  return maxLag;
}

/**
 * A moving-block bootstrap series (Künsch 1989): blocks of `block` consecutive rows starting at
 * random rows, laid end to end until `length` rows. Rows inside a block keep their order, so the
 * series keeps the rows' short-range dependence.
 */
export function movingBlockBootstrap<T>(
  rows: readonly T[],
  length: number,
  block: number,
  rng: Rng,
): T[] {
  const out: T[] = [];
  const starts = Math.max(1, rows.length - block + 1);
  while (out.length < length) {
    const start = Math.floor(rng.next() * starts);
    const end = Math.min(start + block, rows.length, start + length - out.length);
    out.push(...rows.slice(start, end));
  }
  return out;
}
