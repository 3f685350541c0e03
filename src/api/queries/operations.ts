import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf, completed } from '../answer';

export type IngestToken = components['schemas']['IngestToken'];
export type IngestTokenCreated = components['schemas']['IngestTokenCreated'];
export type ContactMessage = components['schemas']['ContactMessage'];

export const ingestTokensQueryKey = (bridgeId: number) => ['ingest-tokens', bridgeId] as const;

/** A bridge's ingest tokens without their secrets, newest first (staff). */
export function ingestTokensQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: ingestTokensQueryKey(bridgeId),
    queryFn: async (): Promise<IngestToken[]> => {
      return answerOf(
        api.GET('/api/v1/bridges/{id}/ingest-tokens', {
          params: { path: { id: bridgeId } },
        }),
        'Failed to fetch ingest tokens',
      );
    },
  });
}

/** Makes a token; its secret is in this answer only. */
export async function createIngestToken(
  api: ApiClient,
  bridgeId: number,
  name: string,
): Promise<IngestTokenCreated> {
  return answerOf(
    api.POST('/api/v1/bridges/{id}/ingest-tokens', {
      params: { path: { id: bridgeId } },
      body: { name },
    }),
    'Failed to create the ingest token',
  );
}

export async function revokeIngestToken(
  api: ApiClient,
  bridgeId: number,
  tokenId: number,
): Promise<void> {
  await completed(
    api.DELETE('/api/v1/bridges/{id}/ingest-tokens/{tokenId}', {
      params: { path: { id: bridgeId, tokenId } },
    }),
    'Failed to revoke the token',
  );
}

export const contactMessagesQueryKey = ['contact-messages'] as const;

/** Messages from the public contact form, newest first (staff). */
export function contactMessagesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: contactMessagesQueryKey,
    queryFn: async (): Promise<ContactMessage[]> => {
      return answerOf(api.GET('/api/v1/contact-messages'), 'Failed to fetch contact messages');
    },
  });
}

export async function markContactMessageHandled(
  api: ApiClient,
  id: number,
  handled: boolean,
): Promise<ContactMessage> {
  return answerOf(
    api.POST('/api/v1/contact-messages/{id}/handled', {
      params: { path: { id } },
      body: { handled },
    }),
    'Failed to update the message',
  );
}

/** Queues an analysis of the bridge now; answers the queued status. */
export async function requestAnalysis(api: ApiClient, sid: string) {
  return answerOf(
    api.POST('/api/v1/ai/analyze', {
      body: { sid, retrain: false },
    }),
    'Failed to queue the analysis',
  );
}
