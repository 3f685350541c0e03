import {
  SENSOR_DISAGREEMENT_ALERT,
  SENSOR_DISAGREEMENT_SEVERITY,
  disagreementSentence,
} from '../../domain/twin-disagreement.ts';
import type { Db } from '../db/client.ts';
import { utcMinuteText } from '../../domain/formats.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import type { SensorChecks } from './analysis-outcome.ts';
import { causeStreams } from './cause-streams.ts';

/**
 * 'Sensor disagreement' alerts (decision 074): one per pair of co-located twins whose response
 * ratio moved with neither singled out (decision 068), subject the pair's data stream ids, both
 * in its cause. Neither gauge is faulted, so without this alert nobody is told that one of two
 * gauges in use reads wrong. Cleared once the pair agrees again (or one of the two is found
 * faulty, which makes it a 'Sensor fault'). Not judged when the check did not say.
 */
export async function applySensorDisagreements(
  tx: Db,
  checks: SensorChecks,
  now: Date,
): Promise<number[]> {
  if (!checks.sensorDisagreements) return [];
  const firing: RaisedAlert[] = [];
  for (const pair of checks.sensorDisagreements) {
    firing.push({
      bridgeId: checks.bridgeId,
      type: SENSOR_DISAGREEMENT_ALERT,
      // A gain episode keeps the subject it had before there were kinds (decision 074).
      subject:
        (pair.kind ?? 'gain') === 'gain'
          ? pair.datastreamIds.join('+')
          : `${pair.datastreamIds.join('+')} ${pair.kind}`,
      severity: SENSOR_DISAGREEMENT_SEVERITY,
      message: `Sensor disagreement: ${disagreementSentence(pair.streamIds, utcMinuteText(pair.since), pair.detail)}`,
      cause: { windows: [], datastreams: await causeStreams(tx, [...pair.streamIds]) },
    });
  }
  const scope = { bridgeId: checks.bridgeId, types: [SENSOR_DISAGREEMENT_ALERT] };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  return raised;
}
