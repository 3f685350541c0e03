import { at } from './at.ts';
import { ridgeRegression } from './linear-algebra.ts';

/**
 * The main health indicator: the first natural frequency with the temperature effect taken out,
 * in Hz at the baseline's mean conditions. The regression uses temperature and frozen-deck
 * hinges min(T, 0), min(T, −2), min(T, −4) because stiffness rises sharply, then levels off, below
 * 0 °C. Temperatures outside the baseline's range are extrapolated, not held at its edge: held,
 * a first frost would vanish from the temperature effect and show as stiffening of the bridge
 * while looking compensated (the analysis reports such days as outside learned conditions).
 * What remains moves with stiffness (damage) and not with the weather.
 */
const HINGES_C = [0, -2, -4];

/** The fitted temperature compensation, JSON-safe so it can be stored with a bridge's model. */
export interface CompensationModel {
  beta: number[];
  /** Mean first natural frequency of the baseline (the level compensated values are put at). */
  mean: number;
  /** Baseline temperature range (what the fit has seen). */
  lowC: number;
  highC: number;
}

const designRow = (t: number): number[] => [1, t, ...HINGES_C.map((h) => Math.min(t, h))];

export function fitCompensation(
  frequencies: readonly number[],
  temperatures: readonly number[],
): CompensationModel {
  const seen = temperatures.filter(Number.isFinite);
  const range = { lowC: Math.min(...seen), highC: Math.max(...seen) };
  const beta = ridgeRegression(temperatures.map(designRow), frequencies, 1e-9);
  const baseline = frequencies.filter(Number.isFinite);
  const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
  return { beta, mean, ...range };
}

export function applyCompensation(
  model: CompensationModel,
  frequency: number,
  temperature: number,
): number {
  const trend = designRow(temperature).reduce((sum, x, k) => sum + x * at(model.beta, k), 0);
  return frequency - trend + model.mean;
}

export function compensatedFrequency(
  frequencies: readonly number[],
  temperatures: readonly number[],
  baselineRows: number,
): number[] {
  const model = fitCompensation(
    frequencies.slice(0, baselineRows),
    temperatures.slice(0, baselineRows),
  );
  return frequencies.map((f, i) => applyCompensation(model, f, at(temperatures, i)));
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
