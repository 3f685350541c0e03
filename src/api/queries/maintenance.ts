import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

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
