import { at } from './at.ts';
/** Summary statistics of one stream in one window; missing samples (NaN) are ignored. */
export interface WindowStats {
  count: number;
  mean: number;
  rms: number;
  /** Largest absolute value. */
  peak: number;
  /** Population standard deviation. */
  std: number;
}

export function windowStats(values: ArrayLike<number>): WindowStats {
  let count = 0;
  let sum = 0;
  let sumSquares = 0;
  let peak = 0;
  for (let i = 0; i < values.length; i += 1) {
    const v = at(values, i);
    if (!Number.isFinite(v)) continue;
    count += 1;
    sum += v;
    sumSquares += v * v;
    if (Math.abs(v) > peak) peak = Math.abs(v);
  }
  if (count === 0) return { count, mean: NaN, rms: NaN, peak: NaN, std: NaN };
  const mean = sum / count;
  const variance = Math.max(0, sumSquares / count - mean * mean);
  return { count, mean, rms: Math.sqrt(sumSquares / count), peak, std: Math.sqrt(variance) };
}
