import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

export type IngestToken = components['schemas']['IngestToken'];
export type IngestTokenCreated = components['schemas']['IngestTokenCreated'];
export type ContactMessage = components['schemas']['ContactMessage'];

export const ingestTokensQueryKey = (bridgeId: number) => ['ingest-tokens', bridgeId] as const;

/** A bridge's ingest tokens without their secrets, newest first (staff). */
export function ingestTokensQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: ingestTokensQueryKey(bridgeId),
    queryFn: async (): Promise<IngestToken[]> => {
      const { data, error, response } = await api.GET('/api/v1/bridges/{id}/ingest-tokens', {
        params: { path: { id: bridgeId } },
      });
      if (!data) throw new ApiFailure('Failed to fetch ingest tokens', error, response.status);
      return data;
    },
  });
}

/** Makes a token; its secret is in this answer only. */
export async function createIngestToken(
  api: ApiClient,
  bridgeId: number,
  name: string,
): Promise<IngestTokenCreated> {
  const { data, error, response } = await api.POST('/api/v1/bridges/{id}/ingest-tokens', {
    params: { path: { id: bridgeId } },
    body: { name },
  });
  if (!data) throw new ApiFailure('Failed to create the ingest token', error, response.status);
  return data;
}

export async function revokeIngestToken(
  api: ApiClient,
  bridgeId: number,
  tokenId: number,
): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/bridges/{id}/ingest-tokens/{tokenId}', {
    params: { path: { id: bridgeId, tokenId } },
  });
  if (!response.ok) throw new ApiFailure('Failed to revoke the token', error, response.status);
}

export const contactMessagesQueryKey = ['contact-messages'] as const;

/** Messages from the public contact form, newest first (staff). */
export function contactMessagesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: contactMessagesQueryKey,
    queryFn: async (): Promise<ContactMessage[]> => {
      const { data, error, response } = await api.GET('/api/v1/contact-messages');
      if (!data) throw new ApiFailure('Failed to fetch contact messages', error, response.status);
      return data;
    },
  });
}

export async function markContactMessageHandled(
  api: ApiClient,
  id: number,
  handled: boolean,
): Promise<ContactMessage> {
  const { data, error, response } = await api.POST('/api/v1/contact-messages/{id}/handled', {
    params: { path: { id } },
    body: { handled },
  });
  if (!data) throw new ApiFailure('Failed to update the message', error, response.status);
  return data;
}

/** Queues an analysis of the bridge now; answers the queued status. */
export async function requestAnalysis(api: ApiClient, sid: string) {
  const { data, error, response } = await api.POST('/api/v1/ai/analyze', {
    body: { sid, retrain: false },
  });
  if (!data) throw new ApiFailure('Failed to queue the analysis', error, response.status);
  return data;
}
