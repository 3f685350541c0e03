import { at } from '../analytics/at.ts';
import type { TriggerLevel, TriggerLevels } from '../../domain/trigger-levels.ts';
import { DAY_MS } from './analysis-rules.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import { shiftUncertaintyHz } from './frequency-shift.ts';
import type { ShiftPoint } from './reference-shift.ts';

const WINDOWS_A_DAY = DAY_MS / (WINDOW_SECONDS * 1000);
/** The trailing day's estimate needs a quarter of its windows judged; otherwise the level holds. */
export const MIN_ESTIMATE_WINDOWS = WINDOWS_A_DAY / 4;
/**
 * A level is lowered (released, or red to amber) only on a trailing day with three quarters of its
 * windows judged. A loss seen in part of a day is a loss; a return seen in part of it is not: the
 * windows outside the reference's temperatures are not a random part of the day. The demo's
 * breathing crack opens in the day's warm hours, which a spring leaves unjudged first, so the
 * judged night read 0 % and released amber (tests/bench/demo-six-months.ts, 2026-12-02). At three
 * quarters, a crack open for half of a day still reads at least a third of its open shift.
 */
export const MIN_RELEASE_WINDOWS = (WINDOWS_A_DAY * 3) / 4;
/** One-sided 95 % normal quantile: a crossing must be a loss beyond the estimate's noise. */
const LOSS_Z = 1.645;

/** One mode's latch between evaluations (frequency_shift_levels). */
export interface LatchState {
  level: TriggerLevel;
  /** The window at which the level in force was crossed (epoch ms), null with 'none'. */
  crossedAt: number | null;
  /** The trailing day's shift at the last window fed, percent, and its standard uncertainty. */
  estimatePercent: number | null;
  estimateUncertaintyPercent: number | null;
  /** The last window fed (epoch ms); later windows only are fed next time. */
  fedUntil: number;
}

export const RELEASED: Omit<LatchState, 'fedUntil'> = {
  level: 'none',
  crossedAt: null,
  estimatePercent: null,
  estimateUncertaintyPercent: null,
};

const RANK: Record<TriggerLevel, number> = { none: 0, amber: 1, red: 2 };

/**
 * The level in force after one estimate: a level is crossed when the trailing day's shift is at
 * or below it and is a loss beyond its noise (shift + 1.645 u < 0); once crossed it stays until
 * the shift has come back half-way (above level / 2). The deadband keeps a loss that sits at the
 * level from flapping in and out with the noise, as alarm management prescribes (EEMUA 191:2013,
 * §6 and annex on deadbands; ANSI/ISA-18.2-2016, §10.5.2). The `detect` command's
 * cumulative-shift.ts applies the same rule.
 */
export function latchedLevel(
  current: TriggerLevel,
  estimate: number,
  uncertainty: number,
  levels: TriggerLevels,
): TriggerLevel {
  const loss = estimate + LOSS_Z * uncertainty < 0;
  const holds = (level: TriggerLevel, percent: number) =>
    RANK[current] >= RANK[level] ? estimate < percent / 2 : loss && estimate <= percent;
  if (holds('red', levels.redPercent)) return 'red';
  return holds('amber', levels.amberPercent) ? 'amber' : 'none';
}

/**
 * Feeds one mode's new windows to its latch, in time order. The estimate at a window is the mean
 * of the judged shifts of the day ending with it (`earlier` holds the stored points before the
 * first new one), its standard uncertainty that mean's (lag-1 effective sample size,
 * shiftUncertaintyHz, which holds the measurement's noise and the temperature model's day-to-day
 * errors) combined with the reference mean's, which averaging does not shrink. Windows outside the reference's temperatures are left out, so the level holds
 * over them rather than reading an extrapolation, and a level is lowered only on a day mostly
 * judged (MIN_RELEASE_WINDOWS).
 */
export function feedLatch(
  state: LatchState,
  earlier: readonly ShiftPoint[],
  points: readonly ShiftPoint[],
  levels: TriggerLevels,
  referenceUncertaintyPercent: number,
): LatchState {
  const fresh = points.filter((p) => p.start > state.fedUntil);
  const firstFresh = fresh[0]?.start ?? Infinity;
  const before = earlier.filter((p) => p.judged && p.start < firstFresh);
  const ring = [...before, ...fresh.filter((p) => p.judged)];
  let next = { ...state };
  let head = 0;
  // The ring's end: the judged windows up to the one being fed.
  let tail = before.length;
  for (const point of fresh) {
    next.fedUntil = point.start;
    if (!point.judged) continue;
    tail += 1;
    while (at(ring, head).start <= point.start - DAY_MS) head += 1;
    const day = ring.slice(head, tail);
    if (day.length < MIN_ESTIMATE_WINDOWS) continue;
    const shifts = day.map((p) => p.shiftPercent);
    const estimate = shifts.reduce((a, b) => a + b, 0) / shifts.length;
    const spread = Math.sqrt(
      shifts.reduce((s, v) => s + (v - estimate) ** 2, 0) / Math.max(1, shifts.length - 1),
    );
    const uncertainty = Math.hypot(shiftUncertaintyHz(shifts, spread), referenceUncertaintyPercent);
    const judgedLevel = latchedLevel(next.level, estimate, uncertainty, levels);
    const level =
      RANK[judgedLevel] < RANK[next.level] && day.length < MIN_RELEASE_WINDOWS
        ? next.level
        : judgedLevel;
    next = {
      level,
      crossedAt: level === next.level ? next.crossedAt : level === 'none' ? null : point.start,
      estimatePercent: estimate,
      estimateUncertaintyPercent: uncertainty,
      fedUntil: point.start,
    };
  }
  return next;
}
