import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type BridgeModes = components['schemas']['BridgeModes'];
export type StoredMode = components['schemas']['StoredMode'];
export type LocatedChange = components['schemas']['LocatedChange'];

export const bridgeModesQueryKey = (bridgeId: number) => ['modes', bridgeId] as const;

/** The modes identified from a span's accelerometers together, tracked by shape (decision 059). */
export function bridgeModesQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: bridgeModesQueryKey(bridgeId),
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/modes', { params: { path: { id: bridgeId } } }),
        'Failed to fetch the modes',
      ),
  });
}

export type BridgeModesDaily = components['schemas']['BridgeModesDaily'];
export type ModeDailySeries = components['schemas']['ModeDailySeries'];

/** Each reference mode summarised per UTC day from `from` to `to`, both YYYY-MM-DD (076). */
export function bridgeModesDailyQueryOptions(
  api: ApiClient,
  bridgeId: number,
  from: string,
  to: string,
) {
  return queryOptions({
    queryKey: [...bridgeModesQueryKey(bridgeId), 'daily', from, to] as const,
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/modes/daily', {
          params: { path: { id: bridgeId }, query: { from, to } },
        }),
        "Failed to fetch the modes' daily summary",
      ),
  });
}
