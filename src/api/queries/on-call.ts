import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type OnCall = components['schemas']['OnCall'];

/** Who is on call now in each of the company's rotas, and until when (decision 056). */
export function onCallQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: ['on-call', companyId] as const,
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/companies/{id}/on-call', { params: { path: { id: companyId } } }),
        'Failed to fetch who is on call',
      ),
  });
}
