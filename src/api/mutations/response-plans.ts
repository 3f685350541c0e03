import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import {
  alertActionsQueryKey,
  type ResponsePlan,
  type ResponsePlanBody,
  responsePlanQueryKey,
} from '../queries/response-plans';

/** Ticks one of the alert's actions off with a comment; the server stores who and when. */
export function completeAlertActionMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  alertId: number,
) {
  return mutationOptions({
    mutationFn: ({ actionId, comment }: { actionId: number; comment: string }) =>
      answerOf(
        api.POST('/api/v1/alerts/{id}/actions/{action}/complete', {
          params: { path: { id: alertId, action: actionId } },
          body: { comment },
        }),
        'Failed to mark the action done',
      ),
    // Whatever the outcome (someone else may have ticked it meanwhile), the list is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertActionsQueryKey(alertId) }),
  });
}

/** Replaces a bridge's response plan. */
export function saveResponsePlanMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (body: ResponsePlanBody): Promise<ResponsePlan> =>
      answerOf(
        api.PUT('/api/v1/bridges/{id}/response-plan', {
          params: { path: { id: bridgeId } },
          body,
        }),
        'Failed to save the response plan',
      ),
    onSuccess: (stored) => queryClient.setQueryData(responsePlanQueryKey(bridgeId), stored),
  });
}
