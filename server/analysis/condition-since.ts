import { conditionOfCount } from '../../domain/health.ts';
import { type HeldCondition, heldCondition, lastVerdict } from '../../domain/held-condition.ts';
import type { Schemas } from '../contract-types.ts';

type StoredReport = Partial<Schemas['AnomalyReport']> | null | undefined;

/**
 * When the bridge first reached the condition an evaluation gives it (spec §4): the previous
 * report's date while the condition is unchanged, else this evaluation's time. The next
 * maintenance is counted from it, so it is fixed once reached and moves only with the condition.
 * A previous report that held its condition is compared by the count it held.
 */
export function conditionSince(
  previous: StoredReport,
  numAnomalies: number,
  evaluatedAt: Date,
): string {
  const before = lastVerdict(previous).num_anomalies;
  const since = storedSince(previous);
  const unchanged = before !== null && conditionOfCount(before) === conditionOfCount(numAnomalies);
  return unchanged && since !== null ? since : evaluatedAt.toISOString();
}

/** The previous report's `condition_since` when it is a date, else null. */
function storedSince(previous: StoredReport): string | null {
  const since = previous?.condition_since;
  return typeof since === 'string' && Number.isFinite(Date.parse(since)) ? since : null;
}

/** What an evaluation stores about its condition: held from before, or its own (spec §4). */
export interface ConditionVerdict {
  held_condition: HeldCondition | null;
  condition_since: string;
  /** The count the condition stands on (the stored column; null: not assessed). */
  conditionCount: number | null;
}

/**
 * The condition of an evaluation that judged `judgedShare` of its windows: below
 * MIN_JUDGED_SHARE, unless it found as many episodes as before, it is held, date and all, from
 * the last evaluation that judged enough.
 */
export function conditionVerdict(
  previous: StoredReport,
  numAnomalies: number,
  judgedShare: number,
  evaluatedAt: Date,
): ConditionVerdict {
  const held = heldCondition(previous, numAnomalies, judgedShare);
  if (!held) {
    return {
      held_condition: null,
      condition_since: conditionSince(previous, numAnomalies, evaluatedAt),
      conditionCount: numAnomalies,
    };
  }
  const since = storedSince(previous);
  return {
    held_condition: held,
    condition_since:
      held.num_anomalies !== null && since !== null ? since : evaluatedAt.toISOString(),
    conditionCount: held.num_anomalies,
  };
}
