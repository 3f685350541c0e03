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
