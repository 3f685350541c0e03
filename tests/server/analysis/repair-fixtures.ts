import type { TrainedBridgeModel } from '../../../server/analysis/train-model.ts';
import type { StoredModel } from '../../../server/analysis/stored-model.ts';
import type { DatasetWindow } from '../../../server/analysis/window-dataset.ts';
import { createRng } from '../../../server/analytics/rng.ts';
import { DAY, FEATURES, WINDOW_MS } from './reference-shift-fixtures.ts';

const HZ = [2.1, 4.3, 6.8, 9.2];
const DAY_MS = DAY * WINDOW_MS;

/**
 * How the four modes follow the deck's temperature: −0.1 %/°C around 10 °C, and a frozen deck
 * stiffening a further 0.5 %/°C below 0 °C. The kink is at one of the reference model's hinges,
 * so the model can hold it exactly: these tests check what a repair does with the model, not
 * how well a hinge model fits a real deck (issue 29's held-out finding).
 */
const stiffness = (temperatureC: number) =>
  1 - 0.001 * (temperatureC - 10) + 0.005 * Math.max(0, -temperatureC);

/**
 * 10-minute windows of the four modes from `from`, with 0.1 % noise per window; the deck's
 * temperature of window i is `temperatureC(i)`, and `factor(i)` scales every mode (1.01: a repair
 * that stiffens by 1 %; 0.98: a uniform loss of 2 %).
 */
export function modeWindows(
  from: number,
  count: number,
  seed: number,
  temperatureC: (i: number) => number,
  factor: (i: number) => number = () => 1,
): DatasetWindow[] {
  const rng = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const start = from + i * WINDOW_MS;
    const t = temperatureC(i);
    const features = HZ.map((hz) => hz * stiffness(t) * factor(i) * (1 + 0.001 * rng.normal()));
    return { start, end: start + WINDOW_MS, features, temperatureC: t };
  });
}

const daily = (i: number) => Math.sin((2 * Math.PI * i) / DAY);

/** A year of seasons from 1 September: 8 °C ± 12 °C over the year (coldest in March), ± 4 °C a day. */
export const yearTemperature = (i: number) =>
  8 - 12 * Math.sin((2 * Math.PI * i) / (365 * DAY)) + 4 * daily(i);
/** A late-summer week: 18 °C ± 5 °C a day. */
export const summerTemperature = (i: number) => 18 + 5 * daily(i);
/** The first frost: −4 °C ± 3 °C a day, inside the year's −8 to 24 °C. */
export const frostTemperature = (i: number) => -4 + 3 * daily(i);

/** The healthy year the accepted reference learnt, from 2025-09-01. */
export const REFERENCE_START = Date.UTC(2025, 8, 1);
export const REPAIR_DATE = '2026-09-01';
export const REPAIR_MS = Date.parse(`${REPAIR_DATE}T00:00:00Z`);
/** The first frost after the repair. */
export const FROST_START = Date.UTC(2026, 10, 10);
export const dayMs = DAY_MS;

/** What a training hands to storeVersion: the windows it learnt, and a model naming the modes. */
export function trainedOn(windows: DatasetWindow[]): TrainedBridgeModel {
  // Only what storeVersion and the scoring row read of a model (the detector is never restored).
  const model = {
    version: 1,
    featureNames: FEATURES,
    plan: { streams: [], temperatureStream: 'deck-temp', modal: [], unfed: [] },
    detector: { method: 'mahalanobis', threshold: 7 },
  } as unknown as StoredModel;
  const from = windows[0]?.start ?? 0;
  return {
    model,
    baseline: { from, to: windows.at(-1)?.end ?? from },
    trainingMs: 1000,
    baselineWindows: windows,
    trainingWindows: windows,
    excludedWindows: 0,
  };
}
