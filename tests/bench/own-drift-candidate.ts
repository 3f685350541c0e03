/**
 * Drift of a stream with no temperature model and no twin (decision 030, amendment (e)): a
 * two-sided Page–Hinkley (CUSUM) test on the hourly level with the day's own shape removed.
 *
 * A slope over a horizon sees a drift that began d hours ago as a hinge and reports only part of
 * its rate until most of the horizon has drifted, so its delay is set by the horizon, which the
 * weather forces to be long. The cumulative sum instead adds the hourly changes beyond k per hour
 * from wherever the level last stood lowest, so a drift of r per hour crosses λ after about
 * λ / (r − k) hours whatever its onset; the weather is what must stay under λ + k·L over any span
 * of L hours. The daily thermal swing and the traffic's daily shape would cross λ every day, so
 * each hour of day's median deviation from its day's mean over the days before is subtracted
 * first. Pure: windows in, faults out.
 *
 * A bench candidate, not the product's rule: on the tuning years it gave false faults at every λ
 * that finds 2 µε/h within about a day (decision 030, amendment (e)), so it lives beside its
 * bench until a rule meets the goal.
 */

import { FaultEpisodes } from '../../server/analytics/sensor-validation/fault-episodes.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import {
  HOUR_MS,
  type ValidationFault,
  type WindowSummary,
} from '../../server/analytics/sensor-validation/types.ts';

export interface PageHinkleyRule {
  /** The rise or fall beyond `kPerHour` per hour that is a fault, in the stream's unit. */
  lambda: number;
  /** The change per hour not counted (half the drift rate to find). */
  kPerHour: number;
  /** Whole days before each day from which its hour-of-day shape is learnt. */
  profileDays: number;
}

const DAY_HOURS = 24;
/** A day's mean and its shape are trusted only with most of its hours (a day of gaps is not). */
const MIN_DAY_HOURS = 18;

/** Median of each clock hour's window means, keyed by hours since the epoch. */
function hourlyLevels(windows: readonly WindowSummary[]): Map<number, number> {
  const byHour = new Map<number, number[]>();
  for (const w of windows) {
    if (!Number.isFinite(w.mean)) continue;
    const hour = Math.floor(w.startMs / HOUR_MS);
    const values = byHour.get(hour) ?? [];
    values.push(w.mean);
    byHour.set(hour, values);
  }
  return new Map([...byHour].map(([hour, values]) => [hour, median(values)]));
}

/** Each hour of `day`'s deviation from the day's mean; null when too few hours hold data. */
function dayShape(levels: Map<number, number>, day: number): number[] | null {
  const hours = Array.from({ length: DAY_HOURS }, (_, h) => levels.get(day * DAY_HOURS + h));
  const known = hours.filter((v): v is number => v !== undefined);
  if (known.length < MIN_DAY_HOURS) return null;
  const mean = known.reduce((a, b) => a + b, 0) / known.length;
  return hours.map((v) => (v === undefined ? Number.NaN : v - mean));
}

/** Per hour of day, the median shape of the `days` days before `day`; null if under half hold. */
function profileBefore(shapes: Map<number, number[] | null>, day: number, days: number) {
  const known: number[][] = [];
  for (let d = day - days; d < day; d += 1) {
    const shape = shapes.get(d);
    if (shape) known.push(shape);
  }
  if (known.length < Math.ceil(days / 2)) return null;
  return Array.from({ length: DAY_HOURS }, (_, h) =>
    median(known.map((s) => s[h] ?? Number.NaN).filter(Number.isFinite)),
  );
}

export function ownDriftFaults(
  windows: readonly WindowSummary[],
  rule: PageHinkleyRule,
  unit = '',
): ValidationFault[] {
  const first = windows[0];
  const last = windows.at(-1);
  if (!first || !last) return [];
  const levels = hourlyLevels(windows);
  const firstHour = Math.floor(first.startMs / HOUR_MS);
  const lastHour = Math.floor(last.startMs / HOUR_MS);
  const shapes = new Map<number, number[] | null>();
  for (let day = Math.floor(firstHour / DAY_HOURS); day * DAY_HOURS <= lastHour; day += 1) {
    shapes.set(day, dayShape(levels, day));
  }
  // The last window of each hour, where that hour's verdict is given.
  const lastWindowOf = new Map<number, number>();
  windows.forEach((w, i) => lastWindowOf.set(Math.floor(w.startMs / HOUR_MS), i));
  const firstWindowOf = new Map<number, number>();
  windows.forEach((w, i) => {
    const hour = Math.floor(w.startMs / HOUR_MS);
    if (!firstWindowOf.has(hour)) firstWindowOf.set(hour, i);
  });

  const episodes = new FaultEpisodes('drift', windows);
  const sides = { up: { sum: 0, since: 0 }, down: { sum: 0, since: 0 } };
  let previous: { hour: number; residual: number } | null = null;
  let profile: number[] | null = null;
  let profileDay = Number.NaN;
  for (let hour = firstHour; hour <= lastHour; hour += 1) {
    const day = Math.floor(hour / DAY_HOURS);
    if (day !== profileDay) {
      profileDay = day;
      profile = profileBefore(shapes, day, rule.profileDays);
    }
    const level = levels.get(hour);
    const shape = profile?.[hour - day * DAY_HOURS];
    if (level === undefined || shape === undefined || !Number.isFinite(shape)) continue;
    const residual = level - shape;
    if (previous) {
      const change = residual - previous.residual;
      const allowance = rule.kPerHour * (hour - previous.hour);
      for (const [side, signed] of [
        [sides.up, change],
        [sides.down, -change],
      ] as const) {
        if (side.sum === 0) side.since = previous.hour;
        side.sum = Math.max(0, side.sum + signed - allowance);
      }
    }
    previous = { hour, residual };
    const worse = sides.up.sum >= sides.down.sum ? sides.up : sides.down;
    const firing = worse.sum >= rule.lambda || (episodes.open && worse.sum > 0);
    const span = Math.max(1, hour - worse.since);
    episodes.judge(
      lastWindowOf.get(hour) ?? 0,
      firing,
      firstWindowOf.get(worse.since) ?? 0,
      () =>
        `drifting ${worse === sides.up ? 'up' : 'down'} by ` +
        `${((worse.sum + rule.kPerHour * span) / span).toPrecision(2)}${unit ? ` ${unit}` : ''} ` +
        `per hour over ${span} h against its own history`,
    );
  }
  return episodes.faults;
}
