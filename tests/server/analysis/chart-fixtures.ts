import type { DatasetWindow } from '../../../server/analysis/window-dataset.ts';
import { createRng } from '../../../server/analytics/rng.ts';

export const WINDOW_MS = 600_000;
export const DAY = 144;
export const FEATURES = ['s1-acc.f1', 's1-acc.f2', 's1-acc.f3', 's1-acc.f4'];
const HZ = [2.1, 4.3, 6.8, 9.2];

/**
 * 10-minute windows of a bridge whose four modes soften by 0.1 %/°C of deck temperature, and
 * stiffen by up to 1.5 % when the deck freezes; the deck follows the air with a lag of about 3
 * hours, the air swings ±5 °C a day about `meanC(day)`, and each window has 0.2 % scatter per mode
 * and 0.1 % common to all. `factor(i)` scales every mode of window i (0.98: a uniform −2 % loss).
 */
export function seasonWindows(
  from: number,
  days: number,
  seed: number,
  meanC: (day: number) => number,
  factor: (i: number, mode: number) => number = () => 1,
): DatasetWindow[] {
  const rng = createRng(seed);
  let deck = meanC(0);
  return Array.from({ length: days * DAY }, (_, i) => {
    const start = from + i * WINDOW_MS;
    const air = meanC(i / DAY) + 5 * Math.sin((2 * Math.PI * i) / DAY) + 0.3 * rng.normal();
    deck += (air - deck) / 18;
    const frost = 0.015 * Math.min(1, Math.max(0, -deck / 4));
    const common = 0.001 * rng.normal();
    const features = HZ.map(
      (hz, k) =>
        hz * (1 - 0.001 * (deck - 10) + frost + common + 0.002 * rng.normal()) * factor(i, k),
    );
    return { start, end: start + WINDOW_MS, features, temperatureC: Math.round(air * 10) / 10 };
  });
}

export const AUTUMN_START = Date.UTC(2026, 8, 1);
/** The accepted reference's 30 autumn days: air 8-18 °C, never a frost. */
export const autumn = (seed = 1) => seasonWindows(AUTUMN_START, 30, seed, () => 13);
export const WINTER_START = AUTUMN_START + 30 * DAY * WINDOW_MS;
/** The first winter, colder than the reference: a mean falling from 8 °C to −6 °C over 40 days. */
export const winterMean = (day: number) => 8 - 14 * Math.min(1, day / 40);
