// 'Sensor fault' alerts (issue 15): a data stream whose own signal is broken (stuck, spiking or
// dropping out) is reported as a sensor fault, never as a change of the structure.
import type { Threat } from './health.ts';

export const SENSOR_FAULT_ALERT = 'Sensor fault';
/** A broken signal needs a visit, but says nothing yet about the structure. */
export const SENSOR_FAULT_SEVERITY: Threat = 'Medium';

/**
 * What a sensor fault can be (issue 30, decision 048): the signal rules of issue 15 and the
 * measurement checks of decision 030. Stored with each fault and listed in the monthly report.
 */
export const SENSOR_FAULT_KINDS = [
  'drift',
  'offset',
  'clipping',
  'gain',
  'stuck',
  'spikes',
  'dropouts',
] as const;
export type SensorFaultKind = (typeof SENSOR_FAULT_KINDS)[number];

/** The kind in the words of the report and the alert. */
export const SENSOR_FAULT_KIND_NAMES: Record<SensorFaultKind, string> = {
  drift: 'Drift',
  offset: 'Offset step',
  clipping: 'Clipping',
  gain: 'Gain change',
  stuck: 'Stuck',
  spikes: 'Spikes',
  dropouts: 'Dropouts',
};

/**
 * Kinds that stay in force once found: a drifted, stepped or re-scaled gauge reads wrong until
 * it is serviced (a maintenance event on its sensor after the onset). The others end when the
 * last day's signal is clean again.
 */
export const LASTING_FAULT_KINDS: ReadonlySet<SensorFaultKind> = new Set([
  'drift',
  'offset',
  'gain',
]);
