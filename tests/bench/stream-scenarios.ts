// Synthetic non-stationary single-channel streams with labelled failures for the streaming part
// of bench:detect (issue 15). Each has the benchmark's shape: the first 15 % is the baseline
// (probation), failures are labelled at the row where they begin.
import { createRng } from '../../server/analytics/rng.ts';

export interface LabelledStream {
  name: string;
  values: number[];
  failures: number[];
}

export const STREAM_ROWS = 4000;
export const PROBATION_ROWS = Math.round(0.15 * STREAM_ROWS);

type Shape = (i: number, noise: () => number) => number;

function stream(name: string, seed: number, failures: number[], shape: Shape): LabelledStream {
  const rng = createRng(seed);
  let ar = 0;
  // Autocorrelated noise, as in real sensor streams.
  const noise = () => {
    ar = 0.6 * ar + 0.8 * rng.normal();
    return ar;
  };
  return { name, values: Array.from({ length: STREAM_ROWS }, (_, i) => shape(i, noise)), failures };
}

const daily = (i: number, amplitude = 5) => amplitude * Math.sin((2 * Math.PI * i) / 48);

export function streamScenarios(): LabelledStream[] {
  return [
    stream(
      'level shift (cycle + step of 3 scatter units)',
      1,
      [2500],
      (i, n) => 50 + daily(i) + n() + (i >= 2500 ? 3 : 0),
    ),
    stream(
      'two level shifts, down then back up',
      2,
      [1800, 3200],
      (i, n) => 20 + n() - (i >= 1800 && i < 3200 ? 4 : 0),
    ),
    stream(
      'drift (ramps 8 units over 800 rows, stays)',
      3,
      [2200],
      (i, n) => 10 + daily(i, 3) + n() + Math.min(8, Math.max(0, (i - 2200) / 100)),
    ),
    stream(
      'cycle doubles its amplitude',
      4,
      [2800],
      (i, n) => 100 + daily(i, i >= 2800 ? 10 : 5) + n(),
    ),
    stream(
      'spikes',
      5,
      [1200, 2400, 3400],
      (i, n) => 5 + n() + ([1200, 2400, 3400].includes(i) ? 12 : 0),
    ),
    stream(
      'stuck sensor for 300 rows',
      6,
      [2600],
      (() => {
        let last = 0;
        return (i: number, n: () => number) => {
          if (i >= 2600 && i < 2900) return last;
          last = 30 + daily(i, 4) + n();
          return last;
        };
      })(),
    ),
    stream(
      'gradual damage (accelerating loss)',
      7,
      [2000],
      (i, n) => 3.9 + 0.01 * n() - (i >= 2000 ? 0.06 * ((i - 2000) / 2000) ** 2 : 0),
    ),
    stream(
      'healthy with benign wander',
      8,
      [],
      (() => {
        let walk = 0;
        const rng = createRng(88);
        return (i: number, n: () => number) => {
          walk = 0.999 * walk + 0.05 * rng.normal();
          return 40 + daily(i, 2) + walk + 0.5 * n();
        };
      })(),
    ),
  ];
}

/**
 * The windowed-Gaussian reference detector: each row's z-score against the mean and standard
 * deviation of the previous `window` rows; every row beyond `limit` is a detection.
 */
export function windowedGaussian(values: readonly number[], window: number, limit = 4): number[] {
  const detections: number[] = [];
  for (let i = window; i < values.length; i += 1) {
    const slice = values.slice(i - window, i);
    const mean = slice.reduce((a, b) => a + b, 0) / window;
    const sd = Math.sqrt(slice.reduce((a, v) => a + (v - mean) ** 2, 0) / window) || 1e-9;
    if (Math.abs((values[i] ?? mean) - mean) / sd > limit) detections.push(i);
  }
  return detections;
}
