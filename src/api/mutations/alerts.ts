import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { hasStatus } from '../../../domain/api-error';
import { toldAs } from '../answer';
import type { ApiClient } from '../client';
import { type Alert, bridgeAlertsQueryKey } from '../queries/alerts';

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
