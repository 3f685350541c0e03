import { at } from './at.ts';
import type { Rng } from './rng.ts';

/** Sample autocorrelation of a series at lags 1..maxLag (NaN values left out of the sums). */
export function autocorrelation(series: readonly number[], maxLag: number): number[] {
  const values = series.filter(Number.isFinite);
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  return Array.from({ length: maxLag }, (_, l) => {
    let sum = 0;
    for (let i = l + 1; i < n; i += 1)
      sum += (at(values, i) - mean) * (at(values, i - l - 1) - mean);
    return variance > 0 ? sum / variance : 0;
  });
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
  const acfs = series.map((s) => autocorrelation(s, maxLag));
  for (let lag = 1; lag <= maxLag; lag += 1) {
    if (acfs.every((acf) => Math.abs(at(acf, lag - 1)) < band)) return lag;
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
