import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type Bridge = components['schemas']['Bridge'];

export const bridgesQueryKey = ['bridges'] as const;

/** The bridges the caller may see (all of them for staff, the assigned ones otherwise). */
export function listBridgesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: bridgesQueryKey,
    queryFn: async (): Promise<Bridge[]> => {
      return answerOf(api.GET('/api/v1/bridges'), 'Failed to fetch bridges');
    },
  });
}

/** Names for the bridge form's 'Select a bridge' list; spec §8 only logs a failure. */
export function listRensysBridgeNamesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['bridges', 'from_rensys'] as const,
    queryFn: async (): Promise<string[]> => {
      const names = await answerOf(
        api.GET('/api/v1/bridges/from_rensys'),
        'Failed to fetch bridge names',
      );
      return names.data;
    },
    staleTime: 10 * 60_000,
  });
}
