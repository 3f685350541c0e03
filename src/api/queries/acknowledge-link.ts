import { mutationOptions, queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type AcknowledgeLink = components['schemas']['AcknowledgeLink'];
type Alert = components['schemas']['Alert'];

/** The alert a link from an alert email stands for; a used, expired or altered link fails. */
export function acknowledgeLinkQueryOptions(api: ApiClient, token: string) {
  return queryOptions({
    queryKey: ['alerts', 'link', token] as const,
    queryFn: (): Promise<AcknowledgeLink> =>
      answerOf(
        api.GET('/api/v1/alert-links/acknowledge', { params: { query: { token } } }),
        'Failed to open the acknowledge link',
      ),
    // The server's answer about a link does not change by asking again.
    retry: false,
  });
}

export function acknowledgeByLinkMutationOptions(api: ApiClient, token: string) {
  return mutationOptions({
    mutationFn: (comment: string): Promise<Alert> =>
      answerOf(
        api.POST('/api/v1/alert-links/acknowledge', { body: { token, comment } }),
        'Failed to acknowledge the alert',
      ),
  });
}
