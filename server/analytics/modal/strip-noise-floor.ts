import type { ModeSet } from './damage-location.ts';
import {
  MIN_REFERENCE_WINDOWS,
  referenceCurvature,
  standardisedCurvatureChange,
} from './reference-curvature.ts';

/**
 * How far above the healthy scatter (in the index's own units) a peak must stand before the strip
 * names a location. Chosen on the tuning simulations of decision 076's amendment of 2026-12-01
 * ("The located-change strip's noise floor"): the smallest margin in steps of 0.5 at which no
 * healthy window of the tuning set (10-minute windows and one-minute bursts) stood out.
 */
export const STRIP_FLOOR_MARGIN = 2.5;

export interface StripNoiseFloor {
  /** The highest peak of the index among the reference's own windows, each compared with the
   * others (leave one out): the index a healthy window reaches. */
  floor: number;
  /** floor + STRIP_FLOOR_MARGIN: a peak above it is shown as a located change. */
  threshold: number;
  /** Reference windows compared (left out in turn) to set the floor. */
  windows: number;
}

const peak = (index: readonly number[]): number => Math.max(-Infinity, ...index);

/**
 * The strip's noise floor from the reference itself: each reference window is compared, as a
 * newest window would be, with the reference built from the other windows (a leave-one-out
 * estimate of the index's healthy distribution, the cross-validation form of the outlier
 * threshold of Worden, Manson & Fieller 2000), and the highest of those peaks is the floor.
 * Windows with no mode in common with the others' reference are skipped; null when fewer than
 * MIN_REFERENCE_WINDOWS comparisons remain.
 */
export function stripNoiseFloor(
  windows: readonly ModeSet[],
  sensorsM: readonly number[],
  supportsM: readonly [number, number],
  margin = STRIP_FLOOR_MARGIN,
): StripNoiseFloor | null {
  const peaks: number[] = [];
  for (const [i, left] of windows.entries()) {
    const others = windows.filter((_, k) => k !== i);
    const reference = referenceCurvature(others, sensorsM, supportsM);
    const change = standardisedCurvatureChange(reference, left, sensorsM, supportsM);
    // A window whose modes the others' reference lacks (found in too few of them) says
    // nothing about the index's scatter: it is left out of the floor.
    if (change.pairs.length > 0) peaks.push(peak(change.index));
  }
  if (peaks.length < MIN_REFERENCE_WINDOWS) return null;
  const floor = Math.max(...peaks);
  return { floor, threshold: floor + margin, windows: peaks.length };
}

/** Whether a newest window's index stands out of the healthy scatter. */
export const standsOut = (index: readonly number[], noise: StripNoiseFloor): boolean =>
  peak(index) > noise.threshold;
