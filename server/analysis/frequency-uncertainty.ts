import { at } from '../analytics/at.ts';
import type { Schemas } from '../contract-types.ts';
import { type FeatureLabels, truthfulTrackedFrequency } from '../../domain/feature-words.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import { streamOfFeature } from './window-dataset.ts';

const WINDOW_MS = WINDOW_SECONDS * 1000;
const DAY_SLOTS = 144;
/** Fewer successive pairs than this in a day say too little about the scatter. */
const MIN_PAIRS = 6;
/** Median absolute deviation to standard deviation, for normally distributed values. */
const MAD_TO_SD = 1.4826;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? at(sorted, mid) : (at(sorted, mid - 1) + at(sorted, mid)) / 2;
};

/**
 * One window's frequency uncertainty (standard, 1 σ) from how much the tracked frequency moves
 * from one 10-minute window to the next over a day. The scatter of successive differences is
 * used rather than the day's spread because temperature moves the frequency slowly over the day
 * and would count as error; between neighbouring windows it barely moves, so the difference holds
 * the two windows' measurement errors (hence ÷√2). The median absolute difference keeps a jump
 * (a mode re-found after a gap, traffic locking onto a peak) from inflating it. Unlike a bound
 * from the PSD peak's width, it includes everything the pipeline adds: peak picking, leakage,
 * weak excitation at night.
 */
export function successiveScatter(hz: readonly number[]): number | null {
  const differences: number[] = [];
  for (let i = 1; i < hz.length; i += 1) {
    const a = at(hz, i - 1);
    const b = at(hz, i);
    if (Number.isFinite(a) && Number.isFinite(b)) differences.push(Math.abs(b - a));
  }
  if (differences.length < MIN_PAIRS) return null;
  return (MAD_TO_SD * median(differences)) / Math.SQRT2;
}

interface FrequencyWindow {
  start: number;
  features: readonly number[];
}

/**
 * Each tracked mode's latest frequency with its uncertainty, from the last day of consecutive
 * scored windows (a missing window breaks a pair). Modes never found in that day are left out.
 * An SSI mode names no stream but its label (`labels`, the report's feature_labels).
 */
export function latestFrequencies(
  featureNames: readonly string[],
  windows: readonly FrequencyWindow[],
  labels?: FeatureLabels,
): Schemas['TrackedFrequency'][] {
  const last = windows.at(-1);
  if (!last) return [];
  // The day as consecutive slots, an absent window a gap, so only true neighbours pair up.
  const byStart = new Map(windows.map((w) => [w.start, w]));
  const day = Array.from({ length: DAY_SLOTS }, (_, k) =>
    byStart.get(last.start - (DAY_SLOTS - 1 - k) * WINDOW_MS),
  ).filter((w): w is FrequencyWindow => w !== undefined);
  const slotValues = (j: number) =>
    Array.from({ length: DAY_SLOTS }, (_, k) => {
      const w = byStart.get(last.start - (DAY_SLOTS - 1 - k) * WINDOW_MS);
      return w ? at(w.features, j) : Number.NaN;
    });
  return featureNames.flatMap((feature, j) => {
    const mode = /\.f(\d+)$/.exec(feature);
    if (!mode) return [];
    const latest = [...day].reverse().find((w) => Number.isFinite(at(w.features, j)));
    if (!latest) return [];
    const hz = at(latest.features, j);
    const uncertainty = successiveScatter(slotValues(j));
    return [
      truthfulTrackedFrequency(
        {
          feature,
          datastream: streamOfFeature(feature),
          mode: Number(mode[1]),
          hz,
          uncertainty_hz: uncertainty,
          at: new Date(latest.start).toISOString(),
        },
        labels,
      ),
    ];
  });
}
