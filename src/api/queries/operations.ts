import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

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
