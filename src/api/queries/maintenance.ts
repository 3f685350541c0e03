import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf, completed } from '../answer';

export type MaintenanceEvent = components['schemas']['MaintenanceEvent'];
export type MaintenanceEventInput = components['schemas']['MaintenanceEventInput'];

export const maintenanceQueryKey = (bridgeId: number) => ['maintenance', bridgeId] as const;

/** The bridge's maintenance register, newest first. */
export function maintenanceQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: maintenanceQueryKey(bridgeId),
    queryFn: async () => {
      return answerOf(
        api.GET('/api/v1/bridges/{id}/maintenance', {
          params: { path: { id: bridgeId } },
        }),
        'Failed to fetch maintenance',
      );
    },
  });
}

export async function recordMaintenance(
  api: ApiClient,
  bridgeId: number,
  body: MaintenanceEventInput,
): Promise<MaintenanceEvent> {
  return answerOf(
    api.POST('/api/v1/bridges/{id}/maintenance', {
      params: { path: { id: bridgeId } },
      body,
    }),
    'Failed to record the maintenance',
  );
}

export async function deleteMaintenance(
  api: ApiClient,
  bridgeId: number,
  eventId: number,
): Promise<void> {
  await completed(
    api.DELETE('/api/v1/bridges/{id}/maintenance/{eventId}', {
      params: { path: { id: bridgeId, eventId } },
    }),
    'Failed to delete the maintenance event',
  );
}
