import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

export type MaintenanceEvent = components['schemas']['MaintenanceEvent'];
export type MaintenanceEventInput = components['schemas']['MaintenanceEventInput'];

export const maintenanceQueryKey = (bridgeId: number) => ['maintenance', bridgeId] as const;

/** The bridge's maintenance register, newest first. */
export function maintenanceQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: maintenanceQueryKey(bridgeId),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/bridges/{id}/maintenance', {
        params: { path: { id: bridgeId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch maintenance', error, response.status);
      return data;
    },
  });
}

export async function recordMaintenance(
  api: ApiClient,
  bridgeId: number,
  body: MaintenanceEventInput,
): Promise<MaintenanceEvent> {
  const { data, error, response } = await api.POST('/api/v1/bridges/{id}/maintenance', {
    params: { path: { id: bridgeId } },
    body,
  });
  if (!data) throw new ApiFailure('Failed to record the maintenance', error, response.status);
  return data;
}

export async function deleteMaintenance(
  api: ApiClient,
  bridgeId: number,
  eventId: number,
): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/bridges/{id}/maintenance/{eventId}', {
    params: { path: { id: bridgeId, eventId } },
  });
  if (!response.ok) {
    throw new ApiFailure('Failed to delete the maintenance event', error, response.status);
  }
}
