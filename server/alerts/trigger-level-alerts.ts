import {
  modesBeyondLevel,
  TRIGGER_LEVEL_ALERT,
  TRIGGER_LEVEL_SEVERITY,
  triggerLevelMessage,
} from '../../domain/reference-shift.ts';
import type { Db } from '../db/client.ts';
import type { AnalysisOutcome } from './analysis-outcome.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import { isActiveReference } from './trigger-level-release.ts';

/**
 * One 'Trigger level crossed' alert per bridge while any mode's shift against the accepted
 * reference holds a latched level (decision 051), its severity the most serious level's; cleared
 * once every latch is released. Not judged when the evaluation did not say (re-baselining, a
 * reference without modes): the alert stays as it is.
 */
export async function applyTriggerLevels(
  tx: Db,
  outcome: AnalysisOutcome,
  now: Date,
): Promise<number[]> {
  if (outcome.referenceShift === undefined) return [];
  const shift = outcome.referenceShift;
  // Judged against a reference accepted away meanwhile: its release stands.
  if (shift && !(await isActiveReference(tx, outcome.bridgeId, shift.version))) return [];
  const beyond = shift ? modesBeyondLevel(shift.modes) : [];
  const worst = beyond[0];
  const firing: RaisedAlert[] =
    shift && worst && worst.level !== 'none'
      ? [
          {
            bridgeId: outcome.bridgeId,
            type: TRIGGER_LEVEL_ALERT,
            subject: '',
            severity: TRIGGER_LEVEL_SEVERITY[worst.level],
            message: triggerLevelMessage(shift.version, beyond, shift.levels),
            cause: { windows: [], datastreams: [] },
          },
        ]
      : [];
  const scope = { bridgeId: outcome.bridgeId, types: [TRIGGER_LEVEL_ALERT] };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  return raised;
}
