import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

export type Bridge = components['schemas']['Bridge'];

export const bridgesQueryKey = ['bridges'] as const;

/** The bridges the caller may see (all of them for staff, the assigned ones otherwise). */
export function listBridgesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: bridgesQueryKey,
    queryFn: async (): Promise<Bridge[]> => {
      const { data, error, response } = await api.GET('/api/v1/bridges');
      if (!data) throw new ApiFailure('Failed to fetch bridges', error, response.status);
      return data;
    },
  });
}

/** Names for the bridge form's 'Select a bridge' list; spec §8 only logs a failure. */
export function listRensysBridgeNamesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['bridges', 'from_rensys'] as const,
    queryFn: async (): Promise<string[]> => {
      const { data, error, response } = await api.GET('/api/v1/bridges/from_rensys');
      if (!data) throw new ApiFailure('Failed to fetch bridge names', error, response.status);
      return data.data;
    },
    staleTime: 10 * 60_000,
  });
}
