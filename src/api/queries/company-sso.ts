import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type CompanySso = components['schemas']['CompanySso'];
export type CompanySsoUpdate = components['schemas']['CompanySsoUpdate'];
export type CompanyName = components['schemas']['CompanyName'];

/** The companies the caller may name: every one for platform staff, else their own. */
export function listCompaniesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['companies'] as const,
    queryFn: (): Promise<CompanyName[]> =>
      answerOf(api.GET('/api/v1/companies'), 'Failed to load the companies'),
  });
}

const companySsoQueryKey = (companyId: number) => ['companies', companyId, 'sso'] as const;
const PATH = '/api/v1/companies/{id}/sso';

/** A company's single sign-on settings: whether a secret is stored, never the secret (decision 054). */
export function companySsoQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: companySsoQueryKey(companyId),
    queryFn: (): Promise<CompanySso> =>
      answerOf(
        api.GET(PATH, { params: { path: { id: companyId } } }),
        'Failed to load the single sign-on settings',
      ),
  });
}

/** The answer is the settings as stored: the cache takes them as they are. */
export function saveCompanySsoMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  return mutationOptions({
    mutationFn: (body: CompanySsoUpdate): Promise<CompanySso> =>
      answerOf(
        api.PUT(PATH, { params: { path: { id: companyId } }, body }),
        'Failed to save the single sign-on settings',
      ),
    onSuccess: (settings: CompanySso) => {
      queryClient.setQueryData(companySsoQueryKey(companyId), settings);
    },
  });
}

/** Proves one of the company's domains by its TXT record (decision 071); the answer is the settings. */
export function verifyCompanySsoDomainMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  return mutationOptions({
    mutationFn: (domain: string): Promise<CompanySso> =>
      answerOf(
        api.POST('/api/v1/companies/{id}/sso/domains/{domain}/verify', {
          params: { path: { id: companyId, domain } },
          body: { method: 'dns' },
        }),
        `Failed to verify ${domain}`,
      ),
    onSuccess: (settings: CompanySso) => {
      queryClient.setQueryData(companySsoQueryKey(companyId), settings);
    },
  });
}
