import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type CompanyLimits = components['schemas']['CompanyLimits'];
export type CompanyLimitsUpdate = components['schemas']['CompanyLimitsUpdate'];

const companyLimitsQueryKey = (companyId: number) => ['companies', companyId, 'limits'] as const;
const PATH = '/api/v1/companies/{id}/limits';

/** A company's limits beside what it uses of them (decision 058). */
export function companyLimitsQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: companyLimitsQueryKey(companyId),
    queryFn: (): Promise<CompanyLimits> =>
      answerOf(
        api.GET(PATH, { params: { path: { id: companyId } } }),
        'Failed to load the company limits',
      ),
  });
}

/** Platform staff's only; the answer is the limits as stored, with the counts. */
export function saveCompanyLimitsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  return mutationOptions({
    mutationFn: (body: CompanyLimitsUpdate): Promise<CompanyLimits> =>
      answerOf(
        api.PUT(PATH, { params: { path: { id: companyId } }, body }),
        'Failed to save the company limits',
      ),
    onSuccess: (limits: CompanyLimits) => {
      queryClient.setQueryData(companyLimitsQueryKey(companyId), limits);
    },
  });
}
