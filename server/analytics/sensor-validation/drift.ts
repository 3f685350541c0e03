/**
 * Drift: a slow trend of the stream against what it should read. The residual is the window mean
 * minus the reference (a temperature model's prediction or a co-located twin's mean) when one is
 * given. Hourly medians of the residual over the last DRIFT_HORIZON_HOURS give a Theil–Sen slope;
 * a slope of at least `minSlopePerHour` is a fault, which ends when the slope falls under half of
 * it. Without a reference the mean itself is judged against its own history with the `ownHistory`
 * settings (a week of 6-hour medians: a day's weather moves a strain gauge's mean by more than a
 * drift of 2 µε/h would in that day, a week's much less), and not at all without them. The onset given is the start of the horizon that showed it: the drift
 * may have begun that early, so data from there on are suspect.
 */

import { FaultEpisodes } from './fault-episodes.ts';
import { median, theilSenSlope } from './robust.ts';
import {
  HOUR_MS,
  type ValidationFault,
  type WindowReference,
  type WindowSummary,
} from './types.ts';

export const DRIFT_HORIZON_HOURS = 24;
export const DRIFT_BLOCK_HOURS = 1;

export interface DriftRule {
  /** The slope that is a fault, in the stream's unit per hour (e.g. 1 µε/h). */
  minSlopePerHour: number;
  horizonHours?: number;
  blockHours?: number;
}

export interface DriftSettings extends DriftRule {
  unit?: string;
  /** The rule without a reference; none: drift is not judged without one. */
  ownHistory?: DriftRule;
}

export function driftFaults(
  windows: readonly WindowSummary[],
  given: DriftSettings,
  reference: WindowReference = {},
): ValidationFault[] {
  const first = windows[0];
  const settings = reference.mean ? given : given.ownHistory;
  if (!first || !settings) return [];
  const blockWindows = Math.max(
    1,
    Math.round(((settings.blockHours ?? DRIFT_BLOCK_HOURS) * HOUR_MS) / first.windowMs),
  );
  const horizonBlocks = Math.round(
    (settings.horizonHours ?? DRIFT_HORIZON_HOURS) / (settings.blockHours ?? DRIFT_BLOCK_HOURS),
  );
  const residual = windows.map((w, i) => w.mean - (reference.mean?.[i] ?? 0));
  const blockTimes: number[] = [];
  const blockLevels: number[] = [];
  const episodes = new FaultEpisodes('drift', windows);
  const unit = given.unit ? ` ${given.unit}` : '';
  for (let end = blockWindows; end <= windows.length; end += blockWindows) {
    const level = median(residual.slice(end - blockWindows, end).filter(Number.isFinite));
    blockTimes.push(((windows[end - blockWindows]?.startMs ?? 0) - first.startMs) / HOUR_MS);
    blockLevels.push(level);
    if (blockLevels.length < horizonBlocks) continue;
    const x = blockTimes.slice(-horizonBlocks);
    const y = blockLevels.slice(-horizonBlocks);
    const kept = y.map((v, i) => [x[i] ?? 0, v] as const).filter(([, v]) => Number.isFinite(v));
    if (kept.length < horizonBlocks / 2) continue;
    const slope = theilSenSlope(
      kept.map(([t]) => t),
      kept.map(([, v]) => v),
    );
    const size = Math.abs(slope);
    if (size >= settings.minSlopePerHour / 2 && size < settings.minSlopePerHour) continue;
    episodes.judge(
      end - 1,
      size >= settings.minSlopePerHour,
      end - horizonBlocks * blockWindows,
      () =>
        `drifting ${slope > 0 ? 'up' : 'down'} by ${size.toPrecision(2)}${unit} per hour over ` +
        `${horizonBlocks * (settings.blockHours ?? DRIFT_BLOCK_HOURS)} h` +
        (reference.mean ? ' against its reference' : ' against its own history'),
    );
  }
  return episodes.faults;
}
