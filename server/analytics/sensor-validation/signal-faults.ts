/**
 * The issue-15 rules (sensor-health.ts, stuck-sensor.ts) over a sequence of windows, with the
 * same thresholds, so they give an onset like the other detectors:
 * - stuck: consecutive windows each at one value throughout, together at least STUCK_MINUTES;
 * - spikes: a window where the existing spike rule fired on its samples;
 * - dropouts: at least DROPOUT_SHARE of the windows of the last day with under half the stream's
 *   usual count (the median count of those windows).
 */

import { DROPOUT_SHARE } from '../sensor-health.ts';
import { STUCK_MINUTES } from '../stuck-sensor.ts';
import { FaultEpisodes } from './fault-episodes.ts';
import { median } from './robust.ts';
import { HOUR_MS, type ValidationFault, type WindowSummary } from './types.ts';

const DROPOUT_SPAN_MS = 24 * HOUR_MS;
const DROPOUT_MIN_WINDOWS = 6;

export function stuckFaults(windows: readonly WindowSummary[]): ValidationFault[] {
  const episodes = new FaultEpisodes('stuck', windows);
  let runStart = -1;
  windows.forEach((w, i) => {
    const flat = w.n > 0 && w.max === w.min;
    if (!flat) runStart = -1;
    else if (runStart < 0) runStart = i;
    const held = runStart < 0 ? 0 : w.startMs + w.windowMs - (windows[runStart]?.startMs ?? 0);
    episodes.judge(
      i,
      held >= STUCK_MINUTES * 60_000,
      runStart,
      () => `stuck at ${Number(w.max.toPrecision(6))} for ${(held / HOUR_MS).toFixed(1)} h`,
    );
  });
  return episodes.faults;
}

export function spikeFaults(windows: readonly WindowSummary[]): ValidationFault[] {
  const episodes = new FaultEpisodes('spikes', windows);
  windows.forEach((w, i) => episodes.judge(i, w.spikes !== null, i, () => w.spikes ?? ''));
  return episodes.faults;
}

export function dropoutFaults(windows: readonly WindowSummary[]): ValidationFault[] {
  const episodes = new FaultEpisodes('dropouts', windows);
  const first = windows[0];
  if (!first) return [];
  const span = Math.max(DROPOUT_MIN_WINDOWS, Math.round(DROPOUT_SPAN_MS / first.windowMs));
  windows.forEach((_, i) => {
    if (i + 1 < DROPOUT_MIN_WINDOWS) return;
    const recent = windows.slice(Math.max(0, i + 1 - span), i + 1);
    const usual = median(recent.filter((w) => w.n > 0).map((w) => w.n));
    const short = recent.map((w) => w.n < usual / 2);
    const count = short.filter(Boolean).length;
    const onset = i + 1 - recent.length + short.indexOf(true);
    episodes.judge(
      i,
      count / recent.length >= DROPOUT_SHARE,
      onset,
      () => `${count} of ${recent.length} windows short of data`,
    );
  });
  return episodes.faults;
}
