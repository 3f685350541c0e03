import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import {
  type FatigueDetailInput,
  type FatigueSettings,
  bridgeFatigueQueryKey,
} from '../queries/fatigue';

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

/** Stores the bridge's yearly traffic growth; every detail's remaining life follows it. */
export function setFatigueSettingsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (body: FatigueSettings) =>
      answerOf(
        api.PUT('/api/v1/bridges/{id}/fatigue-settings', {
          params: { path: { id: bridgeId } },
          body,
        }),
        'Failed to save the traffic growth',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bridgeFatigueQueryKey(bridgeId) }),
  });
}
