import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type OnCall = components['schemas']['OnCall'];

/**
 * The answer changes at each hand-off and override: wherever it is shown (the dashboard, the
 * Notifications panel) it is read again every 5 minutes while the tab is visible.
 */
const ON_CALL_REFRESH_MS = 5 * 60_000;

/** Who is on call now in each of the company's rotas, and until when (decision 056). */
export function onCallQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    // Under the company's key, so a change to its rotas refreshes it (mutations/rotas.ts).
    queryKey: ['companies', companyId, 'on-call'] as const,
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/companies/{id}/on-call', { params: { path: { id: companyId } } }),
        'Failed to fetch who is on call',
      ),
    refetchInterval: ON_CALL_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
