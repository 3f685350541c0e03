import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type CompanyEscalation = components['schemas']['CompanyEscalation'];
export type EscalationSettingsBody = components['schemas']['EscalationSettings'];

/** A company's escalation tiers and reminders, or the server's defaults (decision 069). */
export function companyEscalationQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: ['companies', companyId, 'escalation'] as const,
    queryFn: (): Promise<CompanyEscalation> =>
      answerOf(
        api.GET('/api/v1/companies/{id}/escalation', { params: { path: { id: companyId } } }),
        'Failed to load the escalation',
      ),
  });
}
