import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import type { CompanyEscalation, EscalationSettingsBody } from '../queries/escalation';

/** Sets the company's own escalation (a body), or returns it to the defaults (null). */
export function saveEscalationMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  const path = { params: { path: { id: companyId } } };
  return mutationOptions({
    mutationFn: (body: EscalationSettingsBody | null): Promise<CompanyEscalation> =>
      answerOf(
        body === null
          ? api.DELETE('/api/v1/companies/{id}/escalation', path)
          : api.PUT('/api/v1/companies/{id}/escalation', { ...path, body }),
        'Failed to save the escalation',
      ),
    onSuccess: (stored) => queryClient.setQueryData(['companies', companyId, 'escalation'], stored),
  });
}
