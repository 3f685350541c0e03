import { SENSOR_FAULT_KIND_NAMES } from '../../domain/sensor-faults.ts';
import type { SensorFaultsRepository } from '../repositories/sensor-faults-repository.ts';
import type { SensorFaultFact } from './report-facts.ts';
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
