import {
  modesBeyondLevel,
  TRIGGER_LEVEL_ALERT,
  TRIGGER_LEVEL_SEVERITY,
  triggerLevelMessage,
} from '../../domain/reference-shift.ts';
import { levelsNewlyCrossed, type PlanLevel } from '../../domain/response-plan.ts';
import type { Db } from '../db/client.ts';
import { giveActionsOfCrossing } from './alert-actions.ts';
import type { AnalysisOutcome } from './analysis-outcome.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import { isActiveReference, openTriggerAlerts } from './trigger-level-release.ts';

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
  const before = await openLevel(tx, outcome.bridgeId);
  const scope = { bridgeId: outcome.bridgeId, types: [TRIGGER_LEVEL_ALERT] };
  const { raised } = await syncAlerts(tx, firing, scope, now);
  if (worst && worst.level !== 'none') {
    // The response plan's actions of each level crossed now (decision 077): amber's on the
    // raise, red's when the open alert goes on to red, both when it starts at red.
    await giveActionsOfCrossing(tx, outcome.bridgeId, levelsNewlyCrossed(before, worst.level), now);
  }
  return raised;
}

/** The level the bridge's open 'Trigger level crossed' alert stands at, read from its severity. */
async function openLevel(tx: Db, bridgeId: number): Promise<PlanLevel | null> {
  const [open] = await openTriggerAlerts(tx, bridgeId);
  if (!open) return null;
  return open.severity === TRIGGER_LEVEL_SEVERITY.red ? 'red' : 'amber';
}
