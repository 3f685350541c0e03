import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { hasStatus } from '../../domain/api-error';
import { answerOf, completed } from '../answer';
import { DASHBOARD_REFRESH_MS } from './analytics';

export type Alert = components['schemas']['Alert'];

export const bridgeAlertsQueryKey = (bridgeId: number) => ['alerts', bridgeId] as const;

/** The bridge's open alerts (active and acknowledged), newest first. */
export function bridgeAlertsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: bridgeAlertsQueryKey(bridgeId),
    queryFn: async (): Promise<Alert[]> => {
      return answerOf(
        api.GET('/api/v1/alerts', {
          params: { query: { bridge: bridgeId, state: 'open' } },
        }),
        'Failed to fetch alerts',
      );
    },
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

// Someone else acknowledged (or the server cleared) it in the meantime: the goal is reached.
const ALREADY_HANDLED = 409;

/** Acknowledges each alert; the server stores the signed-in user and the time with it. */
export async function acknowledgeAlerts(
  api: ApiClient,
  alertIds: readonly number[],
  comment: string,
): Promise<void> {
  await Promise.all(
    alertIds.map(async (id) => {
      const call = api
        .POST('/api/v1/alerts/{id}/acknowledge', { params: { path: { id } }, body: { comment } })
        .catch((error: unknown) => {
          if (!hasStatus(error, ALREADY_HANDLED)) throw error;
        });
      await completed(call, 'Failed to dismiss the alerts');
    }),
  );
}
