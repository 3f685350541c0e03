import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import {
  type MaintenanceEvent,
  type MaintenanceEventInput,
  maintenanceQueryKey,
} from '../queries/maintenance';

export function recordMaintenanceMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (body: MaintenanceEventInput) =>
      answerOf(
        api.POST('/api/v1/bridges/{id}/maintenance', { params: { path: { id: bridgeId } }, body }),
        'Failed to record the maintenance',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: maintenanceQueryKey(bridgeId) }),
  });
}

export function deleteMaintenanceMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (event: MaintenanceEvent) =>
      completed(
        api.DELETE('/api/v1/bridges/{id}/maintenance/{eventId}', {
          params: { path: { id: event.bridge, eventId: event.id } },
        }),
        'Failed to delete the maintenance event',
      ),
    onSuccess: (_, event) =>
      queryClient.invalidateQueries({ queryKey: maintenanceQueryKey(event.bridge) }),
  });
}
