import {
  MODE_TRACKING_LOST_ALERT,
  MODE_TRACKING_LOST_SEVERITY,
  modeTrackingLost,
  modeTrackingLostMessage,
} from '../../domain/mode-tracking.ts';
import type { Db } from '../db/client.ts';
import type { AnalysisOutcome } from './analysis-outcome.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';

/**
 * One 'Mode tracking lost' alert per bridge while the evaluated period loses its natural
 * frequencies far more often than the baseline did (domain/mode-tracking.ts), cleared once
 * the modes are found again. A monitoring alert beside 'Sensor fault', never a structural one.
 * Not judged when the evaluation did not say (re-baselining).
 */
export async function applyModeTracking(
  tx: Db,
  outcome: AnalysisOutcome,
  now: Date,
): Promise<number[]> {
  if (!outcome.missingModes) return [];
  const { rate, baselineRate } = outcome.missingModes;
  const firing: RaisedAlert[] = modeTrackingLost(rate, baselineRate)
    ? [
        {
          bridgeId: outcome.bridgeId,
          type: MODE_TRACKING_LOST_ALERT,
          subject: '',
          severity: MODE_TRACKING_LOST_SEVERITY,
          message: modeTrackingLostMessage(rate, baselineRate),
          cause: { windows: [], datastreams: [] },
        },
      ]
    : [];
  const scope = { bridgeId: outcome.bridgeId, types: [MODE_TRACKING_LOST_ALERT] };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  return raised;
}
