import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';

export type CompanySettings = components['schemas']['CompanySettings'];
export type CompanySettingsUpdate = components['schemas']['CompanySettingsUpdate'];

const companySettingsQueryKey = (companyId: number) =>
  ['companies', companyId, 'settings'] as const;
const PATH = '/api/v1/companies/{id}/settings';
const LOGO_PATH = '/api/v1/companies/{id}/logo';

/** A company's own settings (decision 063). */
export function companySettingsQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: companySettingsQueryKey(companyId),
    queryFn: (): Promise<CompanySettings> =>
      answerOf(
        api.GET(PATH, { params: { path: { id: companyId } } }),
        'Failed to load the company settings',
      ),
  });
}

/** Staff for any company, a company administrator for its own; the answer is what was stored. */
export function saveCompanySettingsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  return mutationOptions({
    mutationFn: (body: CompanySettingsUpdate): Promise<CompanySettings> =>
      answerOf(
        api.PUT(PATH, { params: { path: { id: companyId } }, body }),
        'Failed to save the company settings',
      ),
    onSuccess: (settings: CompanySettings) => {
      queryClient.setQueryData(companySettingsQueryKey(companyId), settings);
      // The company's name shows in the users list and the company choosers.
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      void queryClient.invalidateQueries({ queryKey: ['companies'], exact: true });
    },
  });
}

/**
 * The report logo sent as bytes (the server reads its type from them), or removed (`null`);
 * the stored settings then say whether one is kept.
 */
export function companyLogoMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  const params = { params: { path: { id: companyId } } };
  return mutationOptions({
    mutationFn: async (logo: Blob | null): Promise<void> => {
      if (logo === null) {
        return completed(api.DELETE(LOGO_PATH, params), 'Failed to remove the logo');
      }
      // Its bytes, not the Blob: at most 256 KiB, and every fetch takes an ArrayBuffer.
      const bytes = await logo.arrayBuffer();
      return completed(
        api.PUT(LOGO_PATH, {
          ...params,
          body: '',
          bodySerializer: () => bytes,
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
        'Failed to send the logo',
      );
    },
    onSuccess: (_nothing: unknown, logo: Blob | null) => {
      queryClient.setQueryData(
        companySettingsQueryKey(companyId),
        (settings: CompanySettings | undefined) =>
          settings && { ...settings, has_logo: logo !== null },
      );
    },
  });
}
