import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type BaselineVersion = components['schemas']['BaselineVersion'];

export const baselinesQueryKey = (bridgeId: number) => ['baselines', bridgeId] as const;

/** The bridge's baseline (reference) versions, newest first (decision 041). */
export function baselinesQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: baselinesQueryKey(bridgeId),
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/baselines', { params: { path: { id: bridgeId } } }),
        'Failed to fetch the baseline versions',
      ),
  });
}
