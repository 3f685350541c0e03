import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type SensorStatusChange = components['schemas']['SensorStatusChange'];
export type SensorStatusChangeInput = components['schemas']['SensorStatusChangeInput'];

export const sensorStatusChangesQueryKey = (sensorId: number) =>
  ['sensor-status-changes', sensorId] as const;

/** A sensor's register status over time, oldest first. */
export function listSensorStatusChangesQueryOptions(api: ApiClient, sensorId: number) {
  return queryOptions({
    queryKey: sensorStatusChangesQueryKey(sensorId),
    queryFn: async (): Promise<SensorStatusChange[]> =>
      answerOf(
        api.GET('/api/v1/sensors/{id}/status-changes', { params: { path: { id: sensorId } } }),
        'Failed to fetch the status history',
      ),
  });
}
