import { at } from '../analytics/at.ts';
import {
  applyCompensation,
  type CompensationModel,
  dailyMeans,
  fitCompensation,
} from '../analytics/health-indicator.ts';
import type { BaselineMode } from '../db/schema.ts';
import { DAY_MS } from './analysis-rules.ts';
import { shiftUncertaintyHz } from './frequency-shift.ts';
import type { DatasetWindow } from './window-dataset.ts';

/** What a baseline version states about its training data (decision 041). */
export interface BaselineSummary {
  temperatureMin: number | null;
  temperatureMax: number | null;
  modes: BaselineMode[];
}

const MODE = /\.f\d+$/;
const lowest = (values: readonly number[]) => values.reduce((a, b) => Math.min(a, b), Infinity);
const highest = (values: readonly number[]) => values.reduce((a, b) => Math.max(a, b), -Infinity);

/**
 * A compensated series' mean and one standard uncertainty of it: the day's means, so the
 * temperature model's day-to-day errors count as scatter, with the count shrunk to its effective
 * size by their lag-1 autocorrelation (shiftUncertaintyHz, decision 025's episode shift).
 */
export function meanWithUncertainty(
  starts: readonly number[],
  values: readonly number[],
): { mean: number; uncertainty: number } | null {
  const finite = starts.filter((_, i) => Number.isFinite(at(values, i)));
  if (finite.length < 2) return null;
  const from = Math.floor(lowest(finite) / DAY_MS) * DAY_MS;
  const days = Math.floor((highest(finite) - from) / DAY_MS) + 1;
  const daily = dailyMeans(starts, values, from, days).filter(Number.isFinite);
  if (daily.length === 0) return null;
  const mean = daily.reduce((a, b) => a + b, 0) / daily.length;
  const windowMean = values.filter(Number.isFinite).reduce((a, b) => a + b, 0) / finite.length;
  const spread = Math.sqrt(
    values.filter(Number.isFinite).reduce((s, v) => s + (v - windowMean) ** 2, 0) /
      Math.max(1, finite.length - 1),
  );
  // One day says nothing of the day-to-day scatter: the windows' spread stands for it.
  return { mean, uncertainty: shiftUncertaintyHz(daily, spread) };
}

/**
 * The temperatures a baseline met and, per tracked mode, its frequency compensated for
 * temperature (the indicator's hinge model, health-indicator.ts, fitted per mode) with the
 * compensation kept, so a later version can be compensated the same way and compared.
 */
export function summariseBaseline(
  featureNames: readonly string[],
  windows: readonly DatasetWindow[],
  hasTemperature: boolean,
): BaselineSummary {
  const temperatures = windows.map((w) => w.temperatureC);
  const seen = temperatures.filter(Number.isFinite);
  const starts = windows.map((w) => w.start);
  const modes = featureNames.flatMap((feature, j): BaselineMode[] => {
    if (!MODE.test(feature)) return [];
    const hz = windows.map((w) => at(w.features, j));
    if (hz.filter(Number.isFinite).length < 2) return [];
    const compensation: CompensationModel | null =
      hasTemperature && seen.length >= 2 ? fitCompensation(hz, temperatures) : null;
    const values = hz.map((f, i) =>
      compensation ? applyCompensation(compensation, f, at(temperatures, i)) : f,
    );
    const stats = meanWithUncertainty(starts, values);
    return stats
      ? [{ feature, mean_hz: stats.mean, uncertainty_hz: stats.uncertainty, compensation }]
      : [];
  });
  return {
    temperatureMin: seen.length > 0 ? lowest(seen) : null,
    temperatureMax: seen.length > 0 ? highest(seen) : null,
    modes,
  };
}
