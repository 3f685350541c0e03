import type { SensorChecks } from '../alerts/analysis-outcome.ts';
import type { SensorDisagreementsRepository } from '../repositories/sensor-disagreements-repository.ts';
import type { StreamDisagreement } from './sensor-health-check.ts';

/**
 * Records the pairs this evaluation found (its data ending at `dataUntilMs`) and answers those
 * in force after it, as stored: the dashboard's row, the alerts and the report then read one
 * onset per episode, not each evaluation's own estimate within its last day (decision 074).
 */
export async function recordDisagreements(
  repository: SensorDisagreementsRepository,
  bridgeId: number,
  found: readonly StreamDisagreement[],
  dataUntilMs: number,
): Promise<NonNullable<SensorChecks['sensorDisagreements']>> {
  const open = await repository.record(
    bridgeId,
    found.map((pair) => ({
      kind: pair.kind,
      datastreamIds: pair.datastreamIds,
      onsetMs: pair.onsetMs,
      ratioChangePercent: pair.ratioChangePercent,
      size: pair.size,
      detail: pair.reason,
    })),
    dataUntilMs,
    new Date(),
  );
  return open.map((pair) => ({
    kind: pair.kind,
    datastreamIds: pair.datastreamIds,
    streamIds: pair.streamIds,
    since: new Date(pair.sinceMs),
    detail: pair.detail,
  }));
}
