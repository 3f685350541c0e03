// Coverage of a fatigue detail's counted days (issue 30, decision 045): damage per monitored
// hour, the share of the period monitored, and remaining life extrapolated from the monitored
// hours (a day with 2 hours of data weighs as 2 hours, never as a day), with traffic growth.
import type { DailyDamage, RemainingLife } from '../analytics/fatigue/miner.ts';

const DAY_MS = 86_400_000;
const HOUR_S = 3600;
/** Hours in a year of 365.25 days. */
export const HOURS_PER_YEAR = 8766;

/** A counted day's damage and the time its counted samples stand for. */
export interface CoveredDay extends DailyDamage {
  /** Seconds of counted samples; null for days counted before coverage was recorded. */
  monitoredSeconds: number | null;
}

export interface Coverage {
  monitoredHours: number;
  /** Hours from the first counted day's start to the end of the last day counted. */
  periodHours: number;
  monitoredShare: number;
  /** Damage of the counted days per monitored hour; null with no monitored hour. */
  damagePerMonitoredHour: number | null;
  /** The unmonitored hours of the period at that rate: not measured, an estimate. */
  unmonitoredDamageEstimate: number;
  /** Days counted before coverage was recorded, weighed as whole days. */
  daysWithoutRecord: number;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
/** Legacy days have no record of their monitored time: they weigh as whole days (as before). */
const hoursOf = (day: CoveredDay) => (day.monitoredSeconds ?? 86_400) / HOUR_S;

/**
 * The coverage of `days` over the period from `from` (the first counted day when absent: the
 * card's whole record) to the end of `countedThrough`; `days` lie in that period.
 */
export function coverageOf(
  days: readonly CoveredDay[],
  countedThrough: string | null,
  from: string | undefined = days[0]?.day,
): Coverage {
  const monitoredHours = days.reduce((sum, d) => sum + hoursOf(d), 0);
  const damage = days.reduce((sum, d) => sum + d.damage, 0);
  const periodHours =
    from && countedThrough
      ? Math.max(0, (dayMs(countedThrough) + DAY_MS - dayMs(from)) / 3_600_000)
      : 0;
  const perHour = monitoredHours > 0 ? damage / monitoredHours : null;
  return {
    monitoredHours,
    periodHours,
    monitoredShare: periodHours > 0 ? Math.min(1, monitoredHours / periodHours) : 0,
    damagePerMonitoredHour: perHour,
    unmonitoredDamageEstimate:
      perHour === null ? 0 : perHour * Math.max(0, periodHours - monitoredHours),
    daysWithoutRecord: days.filter((d) => d.monitoredSeconds === null).length,
  };
}

/**
 * Years until the damage left is used up when this year's rate r grows by g a year
 * (geometric): year k does r·(1+g)^k, so n years do r·((1+g)^n − 1)/g, and n solves
 * r·((1+g)^n − 1)/g = left: n = ln(1 + left·g/r) / ln(1 + g). g = 0 gives left/r; a falling
 * traffic (g < 0) that never uses the damage left up gives Infinity.
 */
export function yearsWithGrowth(left: number, ratePerYear: number, growthPerYear: number): number {
  if (left <= 0) return 0;
  if (!(ratePerYear > 0)) return Infinity;
  if (growthPerYear === 0) return left / ratePerYear;
  const inner = 1 + (left * growthPerYear) / ratePerYear;
  return inner > 0 ? Math.log(inner) / Math.log(1 + growthPerYear) : Infinity;
}

/**
 * Remaining life at the damage rate per monitored hour of the `windowDays` days up to and
 * including `lastDay`, × the hours of a year: the unmonitored hours are taken to carry the
 * monitored hours' traffic. `damageLeft` is 1 − D (D including the estimate for unmonitored
 * hours). Null when no hour of the window was monitored.
 */
export function coverageLife(
  damageLeft: number,
  days: readonly CoveredDay[],
  lastDay: string,
  windowDays: number,
  growthPerYear = 0,
): RemainingLife | null {
  const end = dayMs(lastDay);
  const first = end - (windowDays - 1) * DAY_MS;
  let damage = 0;
  let hours = 0;
  let count = 0;
  for (const day of days) {
    const t = dayMs(day.day);
    if (t < first || t > end) continue;
    damage += day.damage;
    hours += hoursOf(day);
    count += 1;
  }
  if (hours === 0) return null;
  const ratePerYear = (damage / hours) * HOURS_PER_YEAR;
  return {
    ratePerYear,
    years: yearsWithGrowth(Math.max(0, damageLeft), ratePerYear, growthPerYear),
    days: count,
  };
}

/** The 90-day life, and the 365-day one once the first counted day is a year back. */
export function coverageLives(
  damageLeft: number,
  days: readonly CoveredDay[],
  lastDay: string,
  growthPerYear = 0,
): { last90Days: RemainingLife | null; last365Days: RemainingLife | null } {
  const first = days[0];
  const yearAvailable = first !== undefined && dayMs(first.day) <= dayMs(lastDay) - 364 * DAY_MS;
  return {
    last90Days: coverageLife(damageLeft, days, lastDay, 90, growthPerYear),
    last365Days: yearAvailable ? coverageLife(damageLeft, days, lastDay, 365, growthPerYear) : null,
  };
}
