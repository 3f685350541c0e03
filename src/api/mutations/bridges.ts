import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { completed } from '../answer';
import type { ApiClient } from '../client';
import { bridgesQueryKey } from '../queries/bridges';

export type BridgeInput = components['schemas']['BridgeInput'];

/** Creates a bridge, or updates the one with `bridgeId`. */
export function saveBridgeMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId?: number,
) {
  return mutationOptions({
    mutationFn: (body: BridgeInput) =>
      completed(
        bridgeId === undefined
          ? api.POST('/api/v1/bridges/create', { body })
          : api.PUT('/api/v1/bridges/{id}/update', { params: { path: { id: bridgeId } }, body }),
        'Failed to save bridge',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bridgesQueryKey }),
  });
}
