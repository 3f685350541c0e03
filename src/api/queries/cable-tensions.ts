import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type CableTensions = components['schemas']['CableTensions'];
export type CableTensionSeries = components['schemas']['CableTensionSeries'];

export const cableTensionsQueryKey = (bridgeId: number) => ['cable-tensions', bridgeId] as const;

/** Each of a bridge's cables and its tension estimated from vibration (decision 079). */
export function cableTensionsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: cableTensionsQueryKey(bridgeId),
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/cable-tensions', { params: { path: { id: bridgeId } } }),
        'Failed to fetch the cable tensions',
      ),
  });
}
