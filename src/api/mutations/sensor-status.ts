import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import {
  type SensorStatusChangeInput,
  sensorStatusChangesQueryKey,
} from '../queries/sensor-status';
import { sensorsQueryKey } from '../queries/structures';

/** Changes a sensor's register status from a time (staff); the sensor's status follows it. */
export function changeSensorStatusMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensorId: number,
) {
  return mutationOptions({
    mutationFn: (body: SensorStatusChangeInput) =>
      answerOf(
        api.POST('/api/v1/sensors/{id}/status-changes', {
          params: { path: { id: sensorId } },
          body,
        }),
        'Failed to change the status',
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sensorStatusChangesQueryKey(sensorId) }),
        queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
      ]),
  });
}
