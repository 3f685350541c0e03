import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { completed } from '../answer';
import type { ApiClient } from '../client';
import { type FatigueDetailInput, bridgeFatigueQueryKey } from '../queries/fatigue';

interface FatigueSensor {
  id: number;
  bridge: number;
}

/** Stores the fatigue detail a sensor watches; the bridge's fatigue figures follow it. */
export function saveFatigueDetailMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensor: FatigueSensor,
) {
  return mutationOptions({
    mutationFn: (body: FatigueDetailInput) =>
      completed(
        api.PUT('/api/v1/sensors/{id}/fatigue-detail', {
          params: { path: { id: sensor.id } },
          body,
        }),
        'Failed to save the fatigue detail',
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: bridgeFatigueQueryKey(sensor.bridge) }),
  });
}

export function removeFatigueDetailMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  sensor: FatigueSensor,
) {
  return mutationOptions({
    mutationFn: () =>
      completed(
        api.DELETE('/api/v1/sensors/{id}/fatigue-detail', { params: { path: { id: sensor.id } } }),
        'Failed to remove the fatigue detail',
      ),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: bridgeFatigueQueryKey(sensor.bridge) }),
  });
}
