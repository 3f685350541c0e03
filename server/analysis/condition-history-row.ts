import { conditionOfCount, gaugeValue } from '../../domain/health.ts';
import type { conditionHistory } from '../db/schema.ts';
import type { Evaluation } from './evaluation.ts';

export type NewConditionHistoryRow = typeof conditionHistory.$inferInsert;

function periodBound(report: unknown, key: 'period_start' | 'period_end'): Date {
  const value =
    typeof report === 'object' && report !== null ? (report as Record<string, unknown>)[key] : null;
  const at = typeof value === 'string' ? new Date(value) : null;
  // The contract requires both bounds; a report without them is a bug, not a period to guess.
  if (!at || Number.isNaN(at.getTime())) throw new Error(`evaluation report lacks ${key}`);
  return at;
}

/**
 * The history row of an evaluation: its condition and health score by spec §4's table; none
 * when it has no condition (too little judged, and nothing judged enough before it).
 */
export function conditionHistoryRow(
  bridgeId: number,
  evaluation: Evaluation,
): NewConditionHistoryRow | null {
  if (evaluation.numAnomalies === null) return null;
  return {
    bridgeId,
    evaluatedAt: evaluation.evaluatedAt,
    periodFrom: periodBound(evaluation.report, 'period_start'),
    periodTo: periodBound(evaluation.report, 'period_end'),
    condition: conditionOfCount(evaluation.numAnomalies),
    healthScore: gaugeValue(evaluation.numAnomalies),
    anomalyEpisodes: evaluation.numAnomalies,
    dataUntil: evaluation.dataUntil,
  };
}
