/**
 * Decision 030's drift rule without a reference, judged now on a stream's hourly means: the
 * Theil–Sen slope of 6-hour medians over the week before its newest hour. It reads the hour
 * roll-ups the ingest keeps, so the bridge's stream list can say 'Drifting' without raw data.
 * The rule's thresholds are in µε per hour, so only strain is judged (as the bench chose them).
 */

import { median, theilSenSlope } from './robust.ts';
import { DRIFT_OWN_HISTORY } from './thresholds.ts';
import { HOUR_MS } from './types.ts';

export interface HourlyMean {
  /** Start of the hour, epoch ms. */
  t: number;
  mean: number;
}

export interface WeekDrift {
  /** Unit per hour, signed. */
  slopePerHour: number;
  /** Start of the week judged: the drift may have begun as early. */
  fromMs: number;
  hours: number;
}

/**
 * The drift of the week up to `newestMs`, or null when the slope is under the rule's or when
 * under half of the week's blocks hold data (too little to judge).
 */
export function weekDrift(
  hours: readonly HourlyMean[],
  newestMs: number,
  rule: { minSlopePerHour: number; horizonHours: number; blockHours: number } = DRIFT_OWN_HISTORY,
): WeekDrift | null {
  const blocks = Math.round(rule.horizonHours / rule.blockHours);
  const blockMs = rule.blockHours * HOUR_MS;
  const fromMs = newestMs - blocks * blockMs;
  const times: number[] = [];
  const levels: number[] = [];
  for (let b = 0; b < blocks; b += 1) {
    const start = fromMs + b * blockMs;
    const inBlock = hours
      .filter((h) => h.t >= start && h.t < start + blockMs && Number.isFinite(h.mean))
      .map((h) => h.mean);
    if (inBlock.length === 0) continue;
    times.push((b * blockMs) / HOUR_MS);
    levels.push(median(inBlock));
  }
  if (levels.length < blocks / 2) return null;
  const slopePerHour = theilSenSlope(times, levels);
  if (!(Math.abs(slopePerHour) >= rule.minSlopePerHour)) return null;
  return { slopePerHour, fromMs, hours: rule.horizonHours };
}

/** 'drifting up by 1.5 µε per hour over 7 days' */
export function weekDriftText(drift: WeekDrift, unit: string): string {
  const days = drift.hours / 24;
  const span = Number.isInteger(days) ? `${days} days` : `${drift.hours} h`;
  return (
    `drifting ${drift.slopePerHour > 0 ? 'up' : 'down'} by ` +
    `${Math.abs(drift.slopePerHour).toPrecision(2)} ${unit} per hour over ${span}`
  );
}
