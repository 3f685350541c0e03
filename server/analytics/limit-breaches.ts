/**
 * Breaches of an engineer-set limit on a quasi-static channel (strain, tilt, displacement;
 * issue 15). Pure: blocks in, breaches out.
 *
 * The channel is judged on its 10-minute means, not on samples: a truck crossing moves a strain
 * gauge for a few seconds, which barely moves a 10-minute mean, while a thermal, creep or
 * settlement drift lasts hours and moves every mean. A breach is a run of consecutive means
 * beyond one limit lasting at least `sustainedMinutes` (10: one mean); a 10-minute window with
 * no data ends the run, since nothing is known about it.
 */
import type { HealthBlock } from './sensor-health.ts';
import { limitSeverity, LIMIT_WINDOW_MINUTES } from '../../domain/sensor-limits.ts';

export const LIMIT_WINDOW_MS = LIMIT_WINDOW_MINUTES * 60_000;

export interface Limits {
  low: number | null;
  high: number | null;
  sustainedMinutes: number;
}

export interface WindowMean {
  start: number;
  mean: number;
}

export interface LimitBreach {
  side: 'low' | 'high';
  limit: number;
  /** Start of the first mean beyond the limit and end of the last one (ms). */
  from: number;
  to: number;
  /** The mean furthest beyond the limit. */
  worstMean: number;
  severity: 'High' | 'Critical';
}

/** The 10-minute means of the finite samples in [from, to), windows aligned to `from`. */
export function windowMeans(
  blocks: readonly HealthBlock[],
  from: number,
  to: number,
): WindowMean[] {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const block of blocks) {
    const step = block.rateHz > 0 ? 1000 / block.rateHz : 0;
    for (let i = 0; i < block.values.length; i += 1) {
      const v = block.values[i] as number;
      const t = block.startMs + i * step;
      if (!Number.isFinite(v) || t < from || t >= to) continue;
      const slot = Math.floor((t - from) / LIMIT_WINDOW_MS);
      const entry = sums.get(slot) ?? { sum: 0, count: 0 };
      entry.sum += v;
      entry.count += 1;
      sums.set(slot, entry);
    }
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a - b)
    .map(([slot, { sum, count }]) => ({ start: from + slot * LIMIT_WINDOW_MS, mean: sum / count }));
}

/** Which limit the mean is beyond, if any. */
export function sideOf(mean: number, limits: Limits): 'low' | 'high' | null {
  if (limits.high !== null && mean > limits.high) return 'high';
  if (limits.low !== null && mean < limits.low) return 'low';
  return null;
}

/** Centre of the band: the mid-point of both limits, or zero for a one-sided limit. */
function centreOf(limits: Limits): number {
  return limits.low !== null && limits.high !== null ? (limits.low + limits.high) / 2 : 0;
}

/** Every sustained breach among the means, oldest first. */
export function findBreaches(means: readonly WindowMean[], limits: Limits): LimitBreach[] {
  const needed = Math.max(1, Math.ceil(limits.sustainedMinutes / LIMIT_WINDOW_MINUTES));
  const breaches: LimitBreach[] = [];
  let run: WindowMean[] = [];
  let runSide: 'low' | 'high' | null = null;
  const close = () => {
    const limit = runSide === 'high' ? limits.high : runSide === 'low' ? limits.low : null;
    const first = run[0];
    const last = run.at(-1);
    if (runSide && limit !== null && first && last && run.length >= needed) {
      const values = run.map((w) => w.mean);
      const worstMean = runSide === 'high' ? Math.max(...values) : Math.min(...values);
      breaches.push({
        side: runSide,
        limit,
        from: first.start,
        to: last.start + LIMIT_WINDOW_MS,
        worstMean,
        severity: limitSeverity(limit, centreOf(limits), worstMean),
      });
    }
    run = [];
    runSide = null;
  };
  for (const window of means) {
    const side = sideOf(window.mean, limits);
    const previous = run.at(-1);
    const contiguous = previous !== undefined && window.start === previous.start + LIMIT_WINDOW_MS;
    if (side === null || side !== runSide || !contiguous) close();
    if (side !== null) {
      run.push(window);
      runSide = side;
    }
  }
  close();
  return breaches;
}

/**
 * The breach to report at the end of the means: the latest sustained breach if it is still in
 * force (its last mean is the channel's latest one), or if it ended after `seenUntil` (the end of
 * the data the previous evaluation judged), so a breach that began and ended between two
 * evaluations is still reported once. Null once the channel is back inside (or has no limits).
 */
export function breachToReport(
  means: readonly WindowMean[],
  limits: Limits,
  seenUntil: number | null = null,
): LimitBreach | null {
  if (limits.low === null && limits.high === null) return null;
  const last = means.at(-1);
  const latest = findBreaches(means, limits).at(-1);
  if (!latest || !last) return null;
  const inForce = latest.to === last.start + LIMIT_WINDOW_MS;
  return inForce || (seenUntil !== null && latest.to > seenUntil) ? latest : null;
}
