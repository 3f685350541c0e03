import type { Evaluation } from '../../../server/analysis/evaluation.ts';

const HOUR_MS = 3_600_000;

/**
 * An evaluation as the analysis hands it to `saveEvaluation`, evaluated at `at` over the eight
 * weeks before it, with `numAnomalies` episodes (spec §4: 0 Good, 1-2 Fair, 3-5 Poor, more Critical).
 */
export function evaluationAt(at: string, numAnomalies: number): Evaluation {
  const end = Date.parse(at);
  const iso = (ms: number) => new Date(ms).toISOString();
  const periodStart = iso(end - 56 * 24 * HOUR_MS);
  return {
    report: {
      num_anomalies: numAnomalies,
      period_start: periodStart,
      period_end: iso(end - HOUR_MS),
      evaluated_at: at,
      windows: [],
      // Episodes long before the month: the report's reconstruction cannot tell it anything.
      events: Array.from({ length: numAnomalies }, (_, i) => ({
        start: iso(Date.parse(periodStart) + i * HOUR_MS),
        end: iso(Date.parse(periodStart) + (i + 1) * HOUR_MS),
        windows: 1,
        peak_error: 5,
        top_contributors: [],
      })),
    },
    forecast: null,
    numAnomalies,
    dataUntil: new Date(end - HOUR_MS),
    evaluatedAt: new Date(at),
    falseEpisodesPerMonth: 0.5,
  };
}
