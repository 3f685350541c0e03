/**
 * The sensor-validation detectors as a stored evaluation runs them (issue 30, decision 048): the
 * slow rule (drift) on a week of 10-minute means, which the minute roll-ups give cheaply, and the
 * sample rules (offset step, clipping, stuck, spikes, dropouts) on the last day's windows
 * summarised from the raw samples. Gain needs a co-located twin and is judged across streams
 * (twin-gain.ts). Pure: windows in, faults out, in order of onset.
 */

import { clippingFaults } from './clipping.ts';
import { driftFaults } from './drift.ts';
import { offsetFaults } from './offset-step.ts';
import { dropoutFaults, spikeFaults, stuckFaults } from './signal-faults.ts';
import type { ValidationFault, WindowReference, WindowSummary } from './types.ts';
import type { StreamValidation } from './validate-stream.ts';

export interface RecentWindows {
  /** 10-minute windows over the drift span with only the mean (and count) known. */
  means: readonly WindowSummary[];
  /** The temperature model's prediction per window of `means`, when there is a model. */
  reference?: WindowReference;
  /** The last day's windows, summarised from their samples. */
  detail: readonly WindowSummary[];
  /** Whether a value held for an hour is a fault (not for a coarse thermometer). */
  checkStuck: boolean;
  /** Whether drift is judged (its thresholds are in µε per hour: strain only). */
  checkDrift: boolean;
}

/** A window of which only the mean and the count are known (from roll-ups). */
export function meanWindow(startMs: number, windowMs: number, mean: number, n: number) {
  const none = Number.NaN;
  return {
    startMs,
    windowMs,
    n,
    mean,
    std: none,
    min: none,
    max: none,
    atMax: 0,
    nextBelowMax: 0,
    atMin: 0,
    nextAboveMin: 0,
    holdRun: 1,
    step: 0,
    noise: none,
    stepNoise: none,
    spikes: null,
  } satisfies WindowSummary;
}

export function recentFaults(
  recent: RecentWindows,
  settings: Pick<StreamValidation, 'drift' | 'offset' | 'clipping'>,
): ValidationFault[] {
  return [
    ...(recent.checkDrift ? driftFaults(recent.means, settings.drift, recent.reference) : []),
    ...offsetFaults(recent.detail, settings.offset),
    ...clippingFaults(recent.detail, settings.clipping),
    ...(recent.checkStuck ? stuckFaults(recent.detail) : []),
    ...spikeFaults(recent.detail),
    ...dropoutFaults(recent.detail),
  ].sort((a, b) => a.onsetMs - b.onsetMs);
}

/**
 * Blocks of one stream laid on a regular grid of its rate over [from, to): NaN where nothing
 * was sent (a gap, or between an accelerometer's bursts). A block at another rate is left out.
 */
export function sampleGrid(
  blocks: readonly { startMs: number; rateHz: number; values: ArrayLike<number> }[],
  rateHz: number,
  from: number,
  to: number,
): Float64Array {
  const grid = new Float64Array(Math.max(0, Math.floor(((to - from) * rateHz) / 1000))).fill(NaN);
  for (const block of blocks) {
    if (block.rateHz !== rateHz) continue;
    const offset = Math.round(((block.startMs - from) * rateHz) / 1000);
    for (let i = 0; i < block.values.length; i += 1) {
      const at = offset + i;
      if (at >= 0 && at < grid.length) grid[at] = block.values[i] ?? NaN;
    }
  }
  return grid;
}
