import { fatigueAlerts, FATIGUE_ALERT } from '../../domain/fatigue-alerts.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import type { Db } from '../db/client.ts';
import type { FatigueRepository } from '../fatigue/fatigue-repository.ts';
import { fatigueState } from '../fatigue/fatigue-status.ts';

/**
 * Raises, updates or clears the bridge's fatigue alerts from its details' current state, through
 * the alert store every alert uses (so acknowledging and clearing work as for any other).
 * Returns the ids of newly raised alerts.
 */
export async function applyFatigueAlerts(
  db: Db,
  fatigueDetails: FatigueRepository,
  bridgeId: number,
  now: Date,
): Promise<number[]> {
  const details = await fatigueDetails.ofBridge(bridgeId);
  const firing: RaisedAlert[] = [];
  for (const entry of details) {
    const state = fatigueState(entry.row, entry.days, entry.countedThrough, entry);
    const rules = fatigueAlerts({
      detailName: entry.row.name,
      sensorLabel: entry.sensorLabel,
      remainingYears: state.last90Days?.years ?? null,
      alertLifeYears: entry.row.alertLifeYears,
      rateJump: state.rateJump,
      alertRateFactor: entry.row.alertRateFactor,
      damage: state.damage,
      alertDamageHigh: entry.row.alertDamageHigh,
      alertDamageCritical: entry.row.alertDamageCritical,
    });
    for (const rule of rules) {
      firing.push({
        bridgeId,
        type: FATIGUE_ALERT,
        subject: `${entry.row.sensorId}:${rule.kind}`,
        severity: rule.severity,
        message: rule.message,
        cause: {
          windows: [],
          datastreams: entry.streamId
            ? [
                {
                  id: entry.datastreamId ?? 0,
                  stream_id: entry.streamId,
                  sensors: [entry.sensorLabel],
                },
              ]
            : [],
        },
      });
    }
  }
  return db.transaction(async (tx) => {
    const { raised } = await syncAlerts(tx, firing, { bridgeId, types: [FATIGUE_ALERT] }, now);
    return raised;
  });
}
