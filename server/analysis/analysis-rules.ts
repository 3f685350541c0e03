/**
 * The analysis rules, in one place (documented in server/analytics/README.md):
 * - baseline: the bridge's earliest data, up to 21 days; training needs at least 7 days stored.
 *   When more than 7 days are stored, the newest day stays out of the baseline, so a change
 *   that has just begun is judged by the model instead of being learnt as normal.
 * - evaluation period: the last 7 days, ending at the newest sample.
 * - anomaly events are alarm episodes, found as the detect command finds them (episodes.ts on
 *   the 12-window trailing mean of the errors, evaluation-report.ts): a persistent change counts
 *   once, and a lone window in the threshold's tail rarely lifts the mean above its own threshold
 *   (it still shows in anomaly_count and on the chart).
 * - history of the health indicator: daily points over up to the last 8 weeks; forecast 30 days.
 */
export const DAY_MS = 86_400_000;
export const BASELINE_MAX_DAYS = 21;
export const MIN_TRAINING_DAYS = 7;
export const PERIOD_DAYS = 7;
export const HISTORY_DAYS = 56;
export const FORECAST_DAYS = 30;
/**
 * The stored analysis' alarm rate on the smoothed window errors: 0.1 % of healthy windows. At the
 * detect command's 1 % a healthy bridge (1,008 windows a week) would raise an episode or more
 * every week and never read 'Good'; at 0.1 % about one every few weeks before smoothing joins
 * neighbours, and the per-window anomaly_count keeps the detector's own 1 %.
 */
export const ALARM_TARGET_RATE = 0.001;

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
  const end = Math.min(
    first + BASELINE_MAX_DAYS * DAY_MS,
    Math.max(first + MIN_TRAINING_DAYS * DAY_MS, newest - DAY_MS),
  );
  return { from: first, to: end };
}

export const dayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;
