import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf, completed } from '../answer';
import { DASHBOARD_REFRESH_MS } from './analytics';

export type BridgeFatigue = components['schemas']['BridgeFatigue'];
export type FatigueDetailStatus = components['schemas']['FatigueDetailStatus'];
export type FatigueDetailInput = components['schemas']['FatigueDetailInput'];
export type SnCurveName = components['schemas']['SnCurveName'];

export const bridgeFatigueQueryKey = (bridgeId: number) => ['fatigue', bridgeId] as const;

/** Damage, remaining life and histogram of each fatigue detail on the bridge. */
export function bridgeFatigueQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: bridgeFatigueQueryKey(bridgeId),
    queryFn: async () => {
      return answerOf(
        api.GET('/api/v1/bridges/{id}/fatigue', {
          params: { path: { id: bridgeId } },
        }),
        'Failed to fetch fatigue',
      );
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

export async function saveFatigueDetail(
  api: ApiClient,
  sensorId: number,
  body: FatigueDetailInput,
): Promise<void> {
  await completed(
    api.PUT('/api/v1/sensors/{id}/fatigue-detail', {
      params: { path: { id: sensorId } },
      body,
    }),
    'Failed to save the fatigue detail',
  );
}

export async function removeFatigueDetail(api: ApiClient, sensorId: number): Promise<void> {
  await completed(
    api.DELETE('/api/v1/sensors/{id}/fatigue-detail', {
      params: { path: { id: sensorId } },
    }),
    'Failed to remove the fatigue detail',
  );
}
