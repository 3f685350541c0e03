import { utcMinuteText } from '../../domain/formats.ts';
import { SENSOR_FAULT_KIND_NAMES } from '../../domain/sensor-faults.ts';
import type { StoredSensorFault } from '../repositories/sensor-faults-repository.ts';

/** '2026-04-03 10:00 UTC': the minute a fault began, as the alert and the report write it. */
export const onsetText = (ms: number): string => utcMinuteText(ms);

/** 'Drift since 2026-04-03 10:00 UTC: drifting up by 2.1 µε per hour over 24 h ...'. */
export function measurementDetail(fault: Pick<StoredSensorFault, 'kind' | 'onsetMs' | 'reason'>) {
  return `${SENSOR_FAULT_KIND_NAMES[fault.kind]} since ${onsetText(fault.onsetMs)}: ${fault.reason}`;
}
