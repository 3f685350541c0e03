import { SENSOR_FAULT_KIND_NAMES } from '../../domain/sensor-faults.ts';
import type { SensorFaultsRepository } from '../repositories/sensor-faults-repository.ts';
import type { SensorDisagreementsRepository } from '../repositories/sensor-disagreements-repository.ts';
import { disagreementSentence } from '../../domain/twin-disagreement.ts';
import type { SensorDisagreementFact, SensorFaultFact } from './report-facts.ts';
import type { ReportMonth } from './report-month.ts';
import { minuteWriter } from './report-time.ts';

/** A month holds a handful of sensor faults; the bound keeps the section a list, not a log. */
export const MAX_SENSOR_FAULTS = 50;

/**
 * The sensor faults in force at some time in the month (issue 30, decision 048), oldest onset
 * first: found by the analysis from the measurements, each left out of the detector, the limits
 * and the fatigue counting from its onset.
 */
export async function sensorFaultFacts(
  repository: SensorFaultsRepository,
  bridgeId: number,
  month: ReportMonth,
): Promise<SensorFaultFact[]> {
  const faults = await repository.ofPeriod(bridgeId, month.startMs, month.endMs);
  return faults.slice(0, MAX_SENSOR_FAULTS).map((f) => ({
    streamId: f.streamId,
    kind: SENSOR_FAULT_KIND_NAMES[f.kind],
    onset: new Date(f.onsetMs).toISOString(),
    ended: f.endedAt && f.endedAt.getTime() < month.endMs ? f.endedAt.toISOString() : null,
    reason: f.reason,
  }));
}

/**
 * One line per fault: 'Drift on str-1 from 2026-04-03 10:00 UTC, in force: drifting ...', its
 * times written by `minute` in the reader's zone (decision 049).
 */
export function sensorFaultLine(
  fault: SensorFaultFact,
  minute: (iso: string) => string = minuteWriter('UTC'),
): string {
  const until = fault.ended ? `to ${minute(fault.ended)}` : 'in force at the month’s end';
  return `${fault.kind} on ${fault.streamId} from ${minute(fault.onset)}, ${until}: ${fault.reason}`;
}

/** What the section says before the list, so a reader knows what a listed fault meant. */
export const SENSOR_FAULTS_TEXT =
  'Faults found by checking each stream against its own history, its temperature model and ' +
  'its range. From its onset a faulty stream is judged by neither the condition analysis nor ' +
  'its limits, and its data are not counted for fatigue.';

/**
 * The twin pairs that disagreed at some time in the month (decisions 068, 074), oldest onset
 * first, from the episodes kept between evaluations: a past month's report lists its own.
 */
export async function sensorDisagreementFacts(
  repository: SensorDisagreementsRepository,
  bridgeId: number,
  month: ReportMonth,
): Promise<SensorDisagreementFact[]> {
  const pairs = await repository.ofPeriod(bridgeId, month.startMs, month.endMs, MAX_SENSOR_FAULTS);
  return pairs.map((pair) => ({
    streamIds: [...pair.streamIds],
    since: new Date(pair.sinceMs).toISOString(),
    ended:
      pair.clearedMs !== null && pair.clearedMs < month.endMs
        ? new Date(pair.clearedMs).toISOString()
        : null,
    detail: pair.detail,
  }));
}

/**
 * 'a and b disagree since 2026-04-29 06:00 UTC: one of them reads wrong; neither is left out
 * …, so inspect both. A's response grew by 10 % …', in the dashboard's words (decision 074).
 */
export function sensorDisagreementLine(
  pair: SensorDisagreementFact,
  minute: (iso: string) => string = minuteWriter('UTC'),
): string {
  const until = pair.ended
    ? `No longer found from ${minute(pair.ended)}.`
    : 'Still disagreeing at the month’s end.';
  return `${disagreementSentence(pair.streamIds, minute(pair.since), pair.detail)}. ${until}`;
}

/** Before the pairs: why they are here and not among the faults. */
export const SENSOR_DISAGREEMENTS_TEXT =
  'Co-located twin gauges whose response ratio moved against the one learnt for them. A pair ' +
  'cannot tell which of its two gauges changed, so neither is a fault and both stay in use ' +
  'until an engineer has inspected them. A pair is no longer found when it agrees again or ' +
  'when the checks of one of its gauges find that one faulty.';
