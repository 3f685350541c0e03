import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import { baselinesQueryKey } from '../queries/baselines';

/** Staff accept a proposed baseline version: the list is read again (the old one superseded). */
export function acceptBaselineMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (version: number) =>
      answerOf(
        api.POST('/api/v1/bridges/{id}/baselines/{version}/accept', {
          params: { path: { id: bridgeId, version } },
        }),
        'Failed to accept the baseline version',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baselinesQueryKey(bridgeId) }),
  });
}

/** Staff reject a proposed baseline version with a reason: the list is read again. */
export function rejectBaselineMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: ({ version, reason }: { version: number; reason: string }) =>
      answerOf(
        api.POST('/api/v1/bridges/{id}/baselines/{version}/reject', {
          params: { path: { id: bridgeId, version } },
          body: { reason },
        }),
        'Failed to reject the baseline version',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: baselinesQueryKey(bridgeId) }),
  });
}
