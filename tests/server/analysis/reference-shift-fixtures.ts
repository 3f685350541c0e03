import { summariseBaseline } from '../../../server/analysis/baseline-summary.ts';
import type { DatasetWindow } from '../../../server/analysis/window-dataset.ts';
import { createRng } from '../../../server/analytics/rng.ts';

export const WINDOW_MS = 600_000;
export const DAY = 144;
export const FEATURES = ['s1-acc.f1', 's1-acc.f2', 's1-acc.f3', 's1-acc.f4'];
const HZ = [2.1, 4.3, 6.8, 9.2];

/**
 * Windows of a bridge whose four modes stiffen by 0.1 %/°C below 10 °C and soften above it, at
 * a daily 2-18 °C, with 0.1 % noise per window; `factor(i)` scales every mode of window i (a
 * uniform loss of stiffness lowers them together: 0.98 is −2 %).
 */
export function bridgeWindows(
  from: number,
  count: number,
  seed: number,
  factor: (i: number) => number = () => 1,
): DatasetWindow[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const start = from + i * WINDOW_MS;
    const temperatureC = 10 + 8 * Math.sin((2 * Math.PI * i) / DAY);
    const features = HZ.map(
      (hz) => hz * (1 - 0.001 * (temperatureC - 10)) * factor(i) * (1 + 0.001 * rng.normal()),
    );
    return { start, end: start + WINDOW_MS, features, temperatureC };
  });
}

export const BASELINE_START = Date.UTC(2026, 5, 1);
/** The accepted reference: ten healthy days, summarised as a baseline version states it. */
export const referenceModes = () =>
  summariseBaseline(FEATURES, bridgeWindows(BASELINE_START, 10 * DAY, 1), true).modes;
export const EVALUATED_START = BASELINE_START + 10 * DAY * WINDOW_MS;
