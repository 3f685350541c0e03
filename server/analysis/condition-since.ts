import { conditionOfCount } from '../../domain/health.ts';
import type { Schemas } from '../contract-types.ts';

type StoredReport = Partial<Schemas['AnomalyReport']> | null | undefined;

/**
 * When the bridge first reached the condition an evaluation gives it (spec §4): the previous
 * report's date while the condition is unchanged, else this evaluation's time. The next
 * maintenance is counted from it, so it is fixed once reached and moves only with the condition.
 */
export function conditionSince(
  previous: StoredReport,
  numAnomalies: number,
  evaluatedAt: Date,
): string {
  const before = previous?.num_anomalies;
  const since = previous?.condition_since;
  const unchanged =
    typeof before === 'number' &&
    Number.isInteger(before) &&
    before >= 0 &&
    conditionOfCount(before) === conditionOfCount(numAnomalies);
  return unchanged && typeof since === 'string' && Number.isFinite(Date.parse(since))
    ? since
    : evaluatedAt.toISOString();
}
