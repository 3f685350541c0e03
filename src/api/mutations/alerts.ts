import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { hasStatus } from '../../../domain/api-error';
import { answerOf, toldAs } from '../answer';
import type { ApiClient } from '../client';
import {
  type Alert,
  alertDeliveriesQueryOptions,
  alertViewQueryKey,
  bridgeAlertsQueryKey,
} from '../queries/alerts';

// Someone else acknowledged (or the server cleared) it in the meantime: the goal is reached.
const ALREADY_HANDLED = 409;

async function acknowledgeOne(api: ApiClient, alert: Alert, comment: string): Promise<void> {
  await api
    .POST('/api/v1/alerts/{id}/acknowledge', {
      params: { path: { id: alert.id } },
      body: { comment },
    })
    .catch((error: unknown) => {
      if (!hasStatus(error, ALREADY_HANDLED))
        toldAs(`Failed to acknowledge '${alert.type}'`)(error);
    });
}

/**
 * Acknowledges the alerts with the operator's comment; the server stores who and when. The
 * list reloads whatever the outcome: some may have gone through before one failed.
 */
export function acknowledgeAlertsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: async ({ alerts, comment }: { alerts: readonly Alert[]; comment: string }) => {
      await Promise.all(alerts.map((alert) => acknowledgeOne(api, alert, comment)));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bridgeAlertsQueryKey(bridgeId) }),
  });
}

/**
 * Acknowledges one alert from its page with the reader's comment; the page and its delivery log
 * reload either way (a 409 means someone else answered it first, which the reload shows).
 */
export function acknowledgeAlertMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  alertId: number,
) {
  return mutationOptions({
    mutationFn: (comment: string): Promise<Alert> =>
      answerOf(
        api.POST('/api/v1/alerts/{id}/acknowledge', {
          params: { path: { id: alertId } },
          body: { comment },
        }),
        'Failed to acknowledge the alert',
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: alertViewQueryKey(alertId) }),
        queryClient.invalidateQueries({
          queryKey: alertDeliveriesQueryOptions(api, alertId).queryKey,
        }),
      ]),
  });
}
