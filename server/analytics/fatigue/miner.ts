// Palmgren-Miner damage D = Σ nᵢ/Nᵢ from a stress-range histogram, the equivalent range at
// 2 million cycles, and remaining life from the recent damage rate.
import type { RangeHistogram } from './range-histogram.ts';
import type { SnCurve } from './sn-curves.ts';
import { rangeFactor, type DetailFactors } from './stress.ts';

/**
 * Damage of the cycles in `histogram` (gauge stress ranges, MPa) on `curve`: each bin's range
 * (its centre, i·w) times Kf·γFf·γMf meets the curve. Linear in the counts, so the damage of a
 * sum of daily histograms is the sum of their damages.
 */
export function minerDamage(
  histogram: RangeHistogram,
  curve: SnCurve,
  factors: DetailFactors = {},
): number {
  const step = histogram.binWidth * rangeFactor(factors);
  const counts = histogram.counts;
  let damage = 0;
  for (let bin = 1; bin < counts.length; bin += 1) {
    const cycles = counts[bin] as number;
    if (cycles !== 0) damage += cycles / curve.cyclesToFailure(bin * step);
  }
  return damage;
}

/**
 * Damage of a list of counted cycles ([range, mean, count], ranges in sample units) on `curve`,
 * each range taken exactly (no binning): `scale` turns a range into gauge stress (MPa per unit).
 */
export function cycleListDamage(
  cycles: readonly (readonly [range: number, mean: number, count: number])[],
  curve: SnCurve,
  scale = 1,
  factors: DetailFactors = {},
): number {
  const factor = scale * rangeFactor(factors);
  let damage = 0;
  for (const [range, , count] of cycles) {
    if (range > 0) damage += count / curve.cyclesToFailure(range * factor);
  }
  return damage;
}

/**
 * Equivalent constant-amplitude stress range at 2·10⁶ cycles, Δσ_E,2: the range that, applied
 * 2·10⁶ times on the curve's slope-3 line through its 2·10⁶ point, does the damage D the counted
 * cycles do on the real curve: Δσ_E,2 = Δσ_2M · D^(1/3) / (γFf·γMf) (slope 5 and D^(1/5) for
 * EN 1993-1-9 shear, Δτ_E,2). With every range on the
 * slope-3 part it is the usual (Σ nᵢ·(Kf·Δσᵢ)³ / 2·10⁶)^(1/3); below ΔσD the bilinear curve and
 * the cut-off count through D, and the definition stays finite for any D (a constant range on the
 * real curve could not do a damage under 0.02 in 2·10⁶ cycles). It is the stress at the detail
 * (gauge stress × Kf), without partial factors, so γFf·Δσ_E,2 ≤ ΔσC/γMf ⇔ D ≤ 1.
 */
export function equivalentRangeAt2M(
  damage: number,
  curve: SnCurve,
  factors: DetailFactors = {},
): number {
  const partial = (factors.gammaFf ?? 1) * (factors.gammaMf ?? 1);
  const slope = curve.equivalentSlope ?? 3;
  const root = slope === 3 ? Math.cbrt(Math.max(0, damage)) : Math.max(0, damage) ** (1 / slope);
  return (curve.rangeAt2M * root) / partial;
}

export interface DailyDamage {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  damage: number;
}

export interface RemainingLife {
  /** Damage per year at the window's rate (days with data only). */
  ratePerYear: number;
  /** Years until D = 1 at that rate: 0 once D ≥ 1, Infinity when nothing is being used. */
  years: number;
  /** Days with data in the window. */
  days: number;
}

const DAYS_PER_YEAR = 365.25;
const DAY_MS = 86_400_000;

function dayMs(day: string, field: string): number {
  const t = /^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : NaN;
  if (Number.isNaN(t)) throw new RangeError(`${field} must be a YYYY-MM-DD day, got '${day}'`);
  return t;
}

/**
 * Remaining life in years at the damage rate of the `windowDays` days up to and including
 * `lastDay`. The rate is the damage of the days that have a histogram divided by their number,
 * so a week without data does not pass for a week without traffic. Null when no day of the
 * window has data.
 */
export function remainingLife(
  cumulativeDamage: number,
  daily: readonly DailyDamage[],
  lastDay: string,
  windowDays: number,
): RemainingLife | null {
  const end = dayMs(lastDay, 'lastDay');
  const first = end - (windowDays - 1) * DAY_MS;
  let sum = 0;
  let days = 0;
  for (const entry of daily) {
    const t = dayMs(entry.day, 'day');
    if (t >= first && t <= end) {
      sum += entry.damage;
      days += 1;
    }
  }
  if (days === 0) return null;
  const ratePerYear = (sum / days) * DAYS_PER_YEAR;
  const left = Math.max(0, 1 - cumulativeDamage);
  const years = left === 0 ? 0 : ratePerYear > 0 ? left / ratePerYear : Infinity;
  return { ratePerYear, years, days };
}

/**
 * The two remaining-life figures of issue 19: at the rate of the last 90 days, and of the last
 * 365 once the history (first day with data) reaches back a whole year.
 */
export function remainingLives(
  cumulativeDamage: number,
  daily: readonly DailyDamage[],
  lastDay: string,
): { last90Days: RemainingLife | null; last365Days: RemainingLife | null } {
  const firstDay = daily.reduce((min, entry) => Math.min(min, dayMs(entry.day, 'day')), Infinity);
  const yearAvailable = firstDay <= dayMs(lastDay, 'lastDay') - 364 * DAY_MS;
  return {
    last90Days: remainingLife(cumulativeDamage, daily, lastDay, 90),
    last365Days: yearAvailable ? remainingLife(cumulativeDamage, daily, lastDay, 365) : null,
  };
}
