import {
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context';
import type { ApiClient } from '../../api/client';
import { useFailureNotice } from '../../ui/use-failure-notice';
import type { CompanyViewer } from '../../ui/company/company-chooser';

/**
 * One company's settings in a User Management dialog (single sign-on, limits): the company shown
 * (the viewer's own first; staff may choose another), its stored settings, their save, and a
 * banner when they could not be loaded. Choosing another company forgets a refused save.
 */
export function useCompanySettings<Stored, Update, Key extends readonly unknown[]>(
  viewer: CompanyViewer,
  options: {
    read: (api: ApiClient, companyId: number) => UseQueryOptions<Stored, Error, Stored, Key>;
    write: (
      api: ApiClient,
      queryClient: QueryClient,
      companyId: number,
    ) => UseMutationOptions<Stored, Error, Update>;
  },
) {
  const api = useApi();
  const [companyId, setCompanyId] = useState(viewer.companyId);
  const stored = useQuery(options.read(api, companyId));
  const save = useMutation(options.write(api, useQueryClient(), companyId));
  const failure = useFailureNotice(stored.isError ? stored.error.message : undefined, {
    as: 'banner',
  });
  const choose = (chosen: number) => {
    save.reset();
    setCompanyId(chosen);
  };
  return { companyId, choose, stored, save, failure };
}
