import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { completed } from '../answer';
import type { ApiClient } from '../client';
import { cableTensionsQueryKey } from '../queries/cable-tensions';
import { sensorsQueryKey } from '../queries/structures';

export type SensorInput = components['schemas']['SensorInput'];

export function createSensorMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: SensorInput) =>
      completed(api.POST('/api/v1/sensors/create', { body }), 'Failed to create sensor'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}

export type SensorLimits = components['schemas']['SensorLimits'];

/** Stores the engineer-set limits of a strain gauge, tilt or displacement sensor. */
export function setSensorLimitsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensorId: number,
) {
  return mutationOptions({
    mutationFn: (body: SensorLimits) =>
      completed(
        api.PUT('/api/v1/sensors/{id}/limits', { params: { path: { id: sensorId } }, body }),
        'Failed to save the limits',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}

export type SensorGeometry = components['schemas']['SensorGeometry'];

/** Replaces where a sensor sits on its span and what it measures (decision 057). */
export function setSensorGeometryMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensorId: number,
) {
  return mutationOptions({
    mutationFn: (body: SensorGeometry) =>
      completed(
        api.PUT('/api/v1/sensors/{id}/geometry', { params: { path: { id: sensorId } }, body }),
        'Failed to save the position',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}

export type Cable = components['schemas']['Cable'];

/** Replaces the stay or hanger an accelerometer is on and its tension limits (decision 079). */
export function setSensorCableMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensorId: number,
) {
  return mutationOptions({
    mutationFn: (body: Cable) =>
      completed(
        api.PUT('/api/v1/sensors/{id}/cable', { params: { path: { id: sensorId } }, body }),
        'Failed to save the cable',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}

/**
 * Takes an accelerometer off its stay or hanger (decision 079); its stored tensions stay. The
 * bridge's Cable tension card no longer lists it.
 */
export function removeSensorCableMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensor: { id: number; bridge: number },
) {
  return mutationOptions({
    mutationFn: () =>
      completed(
        api.DELETE('/api/v1/sensors/{id}/cable', { params: { path: { id: sensor.id } } }),
        'Failed to remove the cable',
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
        queryClient.invalidateQueries({ queryKey: cableTensionsQueryKey(sensor.bridge) }),
      ]),
  });
}

export type MeasuringRange = components['schemas']['MeasuringRange'];

/** PUT /sensors/{id}/range: the declared measuring range (decision 030). */
export function setSensorRangeMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensorId: number,
) {
  return mutationOptions({
    mutationFn: (body: MeasuringRange) =>
      completed(
        api.PUT('/api/v1/sensors/{id}/range', { params: { path: { id: sensorId } }, body }),
        'Failed to save the measuring range',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sensorsQueryKey }),
  });
}
