/**
 * Offset step: the stream's level jumps at one sample and stays (a knocked gauge, a re-zeroed
 * logger). Each window's largest single-sample level shift (window-summary.ts: medians of the
 * samples after and before the jump) is compared with the same measure over the previous
 * OFFSET_HISTORY_WINDOWS windows, scaled robustly (1.4826 × their median absolute shift, or the shift sample noise alone gives if
 * larger: most windows have no isolated shift at all). A load
 * ramps over many samples, so its shift at any one sample is small; a spike shifts no median.
 */

import { FaultEpisodes } from './fault-episodes.ts';
import { MAD_TO_SIGMA, median } from './robust.ts';
import type { ValidationFault, WindowSummary } from './types.ts';

export const OFFSET_HISTORY_WINDOWS = 144;
export const OFFSET_MIN_HISTORY = 12;

export interface OffsetSettings {
  /** Shift in robust scales that is a fault (set from healthy data, decision 030). */
  sigmas: number;
  unit?: string;
}

/**
 * The usual level shift of window `i`'s stream from the windows before it: NaN with fewer than
 * OFFSET_MIN_HISTORY of them.
 */
export function offsetScale(windows: readonly WindowSummary[], i: number): number {
  if (i < OFFSET_MIN_HISTORY) return Number.NaN;
  const history = windows.slice(Math.max(0, i - OFFSET_HISTORY_WINDOWS), i);
  return Math.max(
    MAD_TO_SIGMA * median(history.map((w) => Math.abs(w.step))),
    median(history.map((w) => w.stepNoise)),
  );
}

export function offsetFaults(
  windows: readonly WindowSummary[],
  settings: OffsetSettings,
): ValidationFault[] {
  const episodes = new FaultEpisodes('offset', windows);
  const unit = settings.unit ? ` ${settings.unit}` : '';
  windows.forEach((window, i) => {
    const scale = offsetScale(windows, i);
    if (Number.isNaN(scale)) return;
    const firing = scale > 0 && Math.abs(window.step) > settings.sigmas * scale;
    episodes.judge(
      i,
      firing,
      i,
      () =>
        `level stepped by ${window.step.toPrecision(3)}${unit} at one sample ` +
        `(${(Math.abs(window.step) / scale).toFixed(0)} times its usual shift)`,
    );
  });
  return episodes.faults;
}
