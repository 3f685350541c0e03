import { dataTypeMismatch } from '../../domain/sensor-data-type.ts';
import { isDataType, isSensorType } from '../../domain/enums.ts';
import { HttpError } from '../http-error.ts';
import type { SensorsRepository } from '../repositories/sensors-repository.ts';

/**
 * Refuses a data stream whose data type its sensors cannot record (a strain gauge feeding an
 * 'acceleration' stream), 400 naming `field`. Sensors that do not exist are left to the caller's
 * own check.
 */
export async function assertDataTypeFits(
  sensors: Pick<SensorsRepository, 'findById'>,
  sensorIds: readonly number[],
  dataType: string,
  field: string,
): Promise<void> {
  if (!isDataType(dataType)) return;
  for (const id of sensorIds) {
    const sensor = await sensors.findById(id);
    if (!sensor || !isSensorType(sensor.type)) continue;
    const mismatch = dataTypeMismatch(sensor.type, dataType);
    if (mismatch) throw new HttpError(400, `${field}: ${mismatch} (sensor ${sensor.label})`);
  }
}
