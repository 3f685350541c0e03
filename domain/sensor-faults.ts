// 'Sensor fault' alerts (issue 15): a data stream whose own signal is broken (stuck, spiking or
// dropping out) is reported as a sensor fault, never as a change of the structure.
import type { Threat } from './health.ts';

export const SENSOR_FAULT_ALERT = 'Sensor fault';
/** A broken signal needs a visit, but says nothing yet about the structure. */
export const SENSOR_FAULT_SEVERITY: Threat = 'Medium';
