import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type Calibration = components['schemas']['Calibration'];
export type CalibrationInput = components['schemas']['CalibrationInput'];

export const sensorCalibrationsQueryKey = (sensorId: number) =>
  ['sensor-calibrations', sensorId] as const;

/** A sensor's calibration register, oldest first. */
export function listSensorCalibrationsQueryOptions(api: ApiClient, sensorId: number) {
  return queryOptions({
    queryKey: sensorCalibrationsQueryKey(sensorId),
    queryFn: async (): Promise<Calibration[]> => {
      return answerOf(
        api.GET('/api/v1/sensors/{id}/calibrations', {
          params: { path: { id: sensorId } },
        }),
        'Failed to fetch calibrations',
      );
    },
  });
}
