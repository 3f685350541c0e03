import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import { type CalibrationInput, sensorCalibrationsQueryKey } from '../queries/calibrations';
import { sensorsQueryKey } from '../queries/structures';

/** Records a calibration (staff); the sensor's last/next dates follow it. */
export function addCalibrationMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensorId: number,
) {
  return mutationOptions({
    mutationFn: (body: CalibrationInput) =>
      answerOf(
        api.POST('/api/v1/sensors/{id}/calibrations', { params: { path: { id: sensorId } }, body }),
        'Failed to record the calibration',
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sensorCalibrationsQueryKey(sensorId) }),
        queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
      ]),
  });
}
