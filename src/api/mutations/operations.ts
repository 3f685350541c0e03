import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import { analysisStatusQueryOptions } from '../queries/analytics';
import { contactMessagesQueryKey, ingestTokensQueryKey } from '../queries/operations';

/** Makes an ingest token for the bridge; its secret is in this answer only. */
export function createIngestTokenMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (name: string) =>
      answerOf(
        api.POST('/api/v1/bridges/{id}/ingest-tokens', {
          params: { path: { id: bridgeId } },
          body: { name },
        }),
        'Failed to create the ingest token',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestTokensQueryKey(bridgeId) }),
  });
}

export function revokeIngestTokenMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (tokenId: number) =>
      completed(
        api.DELETE('/api/v1/bridges/{id}/ingest-tokens/{tokenId}', {
          params: { path: { id: bridgeId, tokenId } },
        }),
        'Failed to revoke the token',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ingestTokensQueryKey(bridgeId) }),
  });
}

export function markContactMessageMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: ({ id, handled }: { id: number; handled: boolean }) =>
      answerOf(
        api.POST('/api/v1/contact-messages/{id}/handled', {
          params: { path: { id } },
          body: { handled },
        }),
        'Failed to update the message',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactMessagesQueryKey }),
  });
}

/** Queues an analysis of the bridge (by its name, the analytics' sid) now. */
export function requestAnalysisMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (sid: string) =>
      answerOf(
        api.POST('/api/v1/ai/analyze', { body: { sid, retrain: false } }),
        'Failed to queue the analysis',
      ),
    // The answer is the queued status: showing it at once also starts the close polling.
    onSuccess: (status, sid) =>
      queryClient.setQueryData(analysisStatusQueryOptions(api, sid).queryKey, status),
  });
}
