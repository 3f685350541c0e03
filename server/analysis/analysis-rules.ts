/**
 * The analysis rules, in one place (documented in server/analytics/README.md):
 * - baseline: grows with the data up to a full year (the latest 365 days before the evaluation
 *   period); training needs at least 7 days stored. The evaluation period is the last 7 days but
 *   never reaches back into the baseline, so with 7 to 14 days stored it is shorter: a change
 *   that has just begun is judged by the model instead of being learnt as normal.
 * - retraining (decision 017): when 30 more days could join the baseline, and when the data that
 *   could join it holds windows outside the conditions the current baseline learnt (the first
 *   frost), so the seasons enter the baseline as they come.
 * - anomaly events are alarm episodes, found as the detect command finds them (episodes.ts on
 *   the 12-window trailing mean of the errors, evaluation-report.ts) and confirmed by persistence
 *   (ALARM_EPISODE_RULES): a persistent change counts once, and a lone window in the threshold's
 *   tail rarely lifts the mean above its own threshold
 *   (it still shows in anomaly_count and on the chart).
 * - history of the health indicator: daily points over up to the last 8 weeks; forecast 30 days.
 */
import type { EpisodeRules } from '../analytics/episodes.ts';
import { DEFAULT_ALARM_TARGET_RATE } from '../../domain/trigger-levels.ts';

export const DAY_MS = 86_400_000;
export const BASELINE_MAX_DAYS = 365;
export const RETRAIN_EVERY_DAYS = 30;
/** Calibration blocks of a long baseline: a week of 10-minute windows (threshold.ts). */
export const CALIBRATION_BLOCK_WINDOWS = 7 * 144;
/** An hour of windows outside the learned conditions is enough to learn them. */
export const RETRAIN_OUTSIDE_WINDOWS = 6;
export const MIN_TRAINING_DAYS = 7;
export const PERIOD_DAYS = 7;
export const HISTORY_DAYS = 56;
export const FORECAST_DAYS = 30;
/**
 * The stored analysis' default alarm rate on the smoothed window errors: 0.1 % of healthy
 * windows; a bridge's own rate is its analysis setting (docs/decisions/025). At the detect
 * command's 1 % a healthy bridge (1,008 windows a week) would raise an episode or more every week
 * and never read 'Good'; at 0.1 % about one every few weeks before smoothing joins neighbours, and
 * the per-window anomaly_count keeps the detector's own 1 %.
 */
export const ALARM_TARGET_RATE = DEFAULT_ALARM_TARGET_RATE;
/**
 * Windows in the stored analysis' alarm mean: the detect command's 12 rows (2 hours). Tried in
 * the end-to-end bench: 72 windows (12 hours, what 12 rows span on hourly data) raised 16 false
 * episodes in the healthy bridge's first month against none: a week's baseline calibrates its
 * threshold on under four independent half days.
 */
export const ALARM_SMOOTH_WINDOWS = 12;
/**
 * The stored analysis' episodes wait for persistence (episodes.ts): an alarm is raised once the
 * smoothed error has been above its threshold in 8 of the last 12 hours' scored windows, and
 * the episode starts at the first of them. Measured in bench:detect's end-to-end part (two
 * seeds, 14 months from a summer commissioning, default 0.1 % rate): every false episode of the
 * healthy bridge lasted under 4 hours (50 and 53 of them, 43 and 46 a bridge-year); with this
 * rule 0 and 1 remain, while a 2 % loss of f1 is raised 8 to 10 hours after its onset (goal:
 * 48) and a 5 % loss after 8. 10 of 12 hours left no false episode but missed most days of the
 * demo's breathing crack (open 12 hours a day, its smoothed error above the threshold in runs
 * of 2 to 10 hours); 6 of 12 left 1 and 4. The cost: a 1 % loss, inside the frequencies'
 * day-to-day scatter, is no longer raised (docs/decisions/008).
 */
export const ALARM_EPISODE_RULES = {
  quietRows: 5,
  minSpacingRows: 0,
  confirmRows: 48,
  confirmWithinRows: 72,
} as const satisfies EpisodeRules;
/** Judged windows before the period that the period's first alarms look back over. */
export const ALARM_LEAD_WINDOWS =
  ALARM_SMOOTH_WINDOWS - 1 + ALARM_EPISODE_RULES.confirmWithinRows - 1;

/** Expected: the bridge cannot be analysed yet (answered 409 with this text). */
export class NotReadyError extends Error {
  override name = 'NotReadyError';
}

export function baselineRange(first: number, newest: number): { from: number; to: number } {
  const days = (newest - first) / DAY_MS;
  if (days < MIN_TRAINING_DAYS) {
    throw new NotReadyError(
      `Not enough data to train: ${days.toFixed(1)} days stored, ${MIN_TRAINING_DAYS} needed`,
    );
  }
  const to = Math.max(first + MIN_TRAINING_DAYS * DAY_MS, newest - PERIOD_DAYS * DAY_MS);
  return { from: Math.max(first, to - BASELINE_MAX_DAYS * DAY_MS), to };
}

/** The evaluation period: the last 7 days, never overlapping the baseline. */
export function evaluationRange(
  first: number,
  newest: number,
  baselineEnd: number,
): { from: number; to: number } {
  return { from: Math.max(first, baselineEnd, newest - PERIOD_DAYS * DAY_MS), to: newest };
}

export type RetrainReason = 'schedule' | 'conditions';

/**
 * Why a stored model should be trained again, or null. `outsideLearned` are the starts of the
 * last evaluation's windows outside the learned conditions.
 */
export function retrainReason(
  baselineEnd: number,
  newest: number,
  outsideLearned: readonly number[],
): RetrainReason | null {
  const learnable = newest - PERIOD_DAYS * DAY_MS;
  if (learnable - baselineEnd >= RETRAIN_EVERY_DAYS * DAY_MS) return 'schedule';
  const reachable = outsideLearned.filter((t) => t >= baselineEnd && t < learnable).length;
  return reachable >= RETRAIN_OUTSIDE_WINDOWS ? 'conditions' : null;
}

/**
 * Why the stored analysis should train again, given its latest reference version (decision
 * 041). While a proposal waits, only the schedule counts, from the proposal's end: the active
 * model keeps meeting the conditions the proposal learnt, and must not retrain on every
 * evaluation. A rejected latest version waits the same way (issue 29): otherwise the next
 * evaluation would propose again, from nearly the same data, what an engineer just turned down.
 */
export function referenceRetrainReason(
  latest: { status: string; trainedTo: Date } | undefined,
  activeEnd: number,
  newest: number,
  outsideLearned: readonly number[],
): RetrainReason | null {
  return latest?.status === 'proposed' || latest?.status === 'rejected'
    ? retrainReason(latest.trainedTo.getTime(), newest, [])
    : retrainReason(activeEnd, newest, outsideLearned);
}

export const dayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
