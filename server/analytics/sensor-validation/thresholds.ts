/**
 * The sensor-validation thresholds (decision 030), chosen on simulated healthy strain years
 * (tests/bench/sensor-window-sim.ts, seeds 1-5) for under one false fault per sensor-year and
 * reported on held-out simulated years and the real Munich records (npm run bench:sensors).
 */

import type { StreamValidation } from './validate-stream.ts';

/** A trend of a residual against its temperature model or twin: half the 2 µε/h to be found. */
export const DRIFT_MIN_SLOPE_PER_HOUR = 1;
/** Without a reference: a week of 6-hour medians, found in about 3 days. */
export const DRIFT_OWN_HISTORY = { minSlopePerHour: 0.75, horizonHours: 168, blockHours: 6 };
/** An isolated one-sample level shift this many times the stream's usual shift. */
export const OFFSET_SIGMAS = 32;
/** The day's median response against the week before, with a twin: 5 %, half the 10 % to find. */
export const GAIN_FACTOR = 1.05;
export const GAIN_SPAN_MS = 86_400_000;
export const GAIN_BASE_MS = 7 * 86_400_000;

/**
 * The settings for a stream of `windowMs` windows, in `unit`. The drift slopes are in µε per
 * hour; `driftScale` converts them to another unit (a force or tilt channel's own figure).
 */
export function defaultValidation(
  windowMs: number,
  unit?: string,
  driftScale = 1,
): StreamValidation {
  const spanWindows = Math.round(GAIN_SPAN_MS / windowMs);
  return {
    drift: {
      minSlopePerHour: DRIFT_MIN_SLOPE_PER_HOUR * driftScale,
      ownHistory: {
        ...DRIFT_OWN_HISTORY,
        minSlopePerHour: DRIFT_OWN_HISTORY.minSlopePerHour * driftScale,
      },
      ...(unit ? { unit } : {}),
    },
    offset: { sigmas: OFFSET_SIGMAS, ...(unit ? { unit } : {}) },
    clipping: unit ? { unit } : {},
    gain: {
      factor: GAIN_FACTOR,
      spanWindows,
      baseWindows: Math.round(GAIN_BASE_MS / windowMs),
      stride: Math.max(1, Math.round(spanWindows / 24)),
    },
  };
}

/**
 * Set a priori, not tuned: a pair's day is judged only when half its windows have both
 * amplitudes (a median of fewer is a morning's traffic), and a reference ratio is learnt from at
 * least a day of windows.
 */
export const GAIN_MIN_JUDGED_SHARE = 0.5;
export const GAIN_MIN_REFERENCE_MS = 86_400_000;

/**
 * Against a co-located twin's estimate (twin-residual.ts; decision 030, 2026-12-01), chosen on
 * seeds 1-5 with simulated twins: drift when the 6-hour slope of hourly residual medians exceeds
 * 6 robust scales of the pair's own 6-hour slopes over the week before (at least 0.75 µε/h;
 * residual-drift.ts), and an offset step at 10 times the pair's usual hourly jump. Not yet read
 * by the stored analysis: a pair cannot say which of its two gauges changed (see the decision).
 */
export const TWIN_DRIFT = { horizonHours: 6, minSlopePerHour: 0.75, z: 6 };
export const TWIN_OFFSET_SIGMAS = 10;
