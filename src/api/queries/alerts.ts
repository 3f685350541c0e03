import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';
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

export type AlertDelivery = components['schemas']['AlertDelivery'];

/** Who was notified of one alert (the delivery log), oldest first. */
export function alertDeliveriesQueryOptions(api: ApiClient, alertId: number) {
  return queryOptions({
    queryKey: ['alerts', 'deliveries', alertId] as const,
    queryFn: async (): Promise<AlertDelivery[]> =>
      answerOf(
        api.GET('/api/v1/alerts/{id}/deliveries', { params: { path: { id: alertId } } }),
        'Failed to fetch who was notified',
      ),
  });
}

export type AlertView = components['schemas']['AlertView'];

export const alertViewQueryKey = (alertId: number) => ['alerts', 'view', alertId] as const;

/**
 * One alert for its own page (decision 080): whoever was told of it may read it, and
 * `bridge_visible` says whether its bridge's dashboard is theirs too. 404: not theirs or unknown.
 */
export function alertViewQueryOptions(api: ApiClient, alertId: number) {
  return queryOptions({
    queryKey: alertViewQueryKey(alertId),
    queryFn: (): Promise<AlertView> =>
      answerOf(
        api.GET('/api/v1/alerts/{id}', { params: { path: { id: alertId } } }),
        'Failed to fetch the alert',
      ),
    // Someone else may acknowledge it meanwhile; the page follows as the dashboard does.
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}
