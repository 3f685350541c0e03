import { at } from './at.ts';
import { ridgeRegression } from './linear-algebra.ts';

/**
 * The main health indicator: the first natural frequency with the temperature effect taken out,
 * in Hz at the baseline's mean conditions. The regression uses temperature and frozen-deck
 * hinges min(T, 0), min(T, −2), min(T, −4) because stiffness rises sharply, then levels off, below
 * 0 °C; temperatures outside the baseline's range are held at its edge rather than extrapolated.
 * What remains moves with stiffness (damage) and not with the weather.
 */
const HINGES_C = [0, -2, -4];
export function compensatedFrequency(
  frequencies: readonly number[],
  temperatures: readonly number[],
  baselineRows: number,
): number[] {
  const seen = temperatures.slice(0, baselineRows).filter(Number.isFinite);
  const low = Math.min(...seen);
  const high = Math.max(...seen);
  const design = temperatures.map((raw) => {
    const t = Math.min(high, Math.max(low, raw));
    return [1, t, ...HINGES_C.map((h) => Math.min(t, h))];
  });
  const beta = ridgeRegression(
    design.slice(0, baselineRows),
    frequencies.slice(0, baselineRows),
    1e-9,
  );
  const baseline = frequencies.slice(0, baselineRows).filter(Number.isFinite);
  const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
  return frequencies.map((f, i) => {
    const trend = at(design, i).reduce((sum, x, k) => sum + x * at(beta, k), 0);
    return f - trend + mean;
  });
}

/** Daily means of a window series (NaN for a day without values), days counted from `from`. */
export function dailyMeans(
  starts: readonly number[],
  values: readonly number[],
  from: number,
  days: number,
): number[] {
  const sums = new Array<number>(days).fill(0);
  const counts = new Array<number>(days).fill(0);
  starts.forEach((start, i) => {
    const day = Math.floor((start - from) / 86_400_000);
    const v = at(values, i);
    if (day >= 0 && day < days && Number.isFinite(v)) {
      sums[day] = at(sums, day) + v;
      counts[day] = at(counts, day) + 1;
    }
  });
  return sums.map((s, d) => (at(counts, d) > 0 ? s / at(counts, d) : Number.NaN));
}
