import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';
import { DASHBOARD_REFRESH_MS } from './analytics';

export type BridgeFatigue = components['schemas']['BridgeFatigue'];
export type FatigueDetailStatus = components['schemas']['FatigueDetailStatus'];
export type FatigueDetailInput = components['schemas']['FatigueDetailInput'];
export type SnCurveName = components['schemas']['SnCurveName'];
export type FatigueSettings = components['schemas']['FatigueSettings'];

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
