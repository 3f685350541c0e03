import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

export type Calibration = components['schemas']['Calibration'];
export type CalibrationInput = components['schemas']['CalibrationInput'];

export const sensorCalibrationsQueryKey = (sensorId: number) =>
  ['sensor-calibrations', sensorId] as const;

/** A sensor's calibration register, oldest first. */
export function listSensorCalibrationsQueryOptions(api: ApiClient, sensorId: number) {
  return queryOptions({
    queryKey: sensorCalibrationsQueryKey(sensorId),
    queryFn: async (): Promise<Calibration[]> => {
      const { data, error, response } = await api.GET('/api/v1/sensors/{id}/calibrations', {
        params: { path: { id: sensorId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch calibrations', error, response.status);
      return data;
    },
  });
}

/** Records a calibration (staff); the sensor's last/next dates follow it. */
export async function addSensorCalibration(
  api: ApiClient,
  sensorId: number,
  body: CalibrationInput,
): Promise<Calibration> {
  const { data, error, response } = await api.POST('/api/v1/sensors/{id}/calibrations', {
    params: { path: { id: sensorId } },
    body,
  });
  if (!data) throw new ApiFailure('Failed to record the calibration', error, response.status);
  return data;
}
