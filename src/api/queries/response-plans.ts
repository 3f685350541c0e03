import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type AlertAction = components['schemas']['AlertAction'];
export type ResponsePlan = components['schemas']['ResponsePlan'];
export type ResponsePlanBody = components['schemas']['ResponsePlanInput'];

export const alertActionsQueryKey = (alertId: number) => ['alerts', 'actions', alertId] as const;

/** The actions an alert's trigger levels required (decision 077), amber's then red's. */
export function alertActionsQueryOptions(api: ApiClient, alertId: number) {
  return queryOptions({
    queryKey: alertActionsQueryKey(alertId),
    queryFn: async (): Promise<AlertAction[]> =>
      answerOf(
        api.GET('/api/v1/alerts/{id}/actions', { params: { path: { id: alertId } } }),
        'Failed to fetch the alert’s actions',
      ),
  });
}

export const responsePlanQueryKey = (bridgeId: number) =>
  ['bridges', bridgeId, 'response-plan'] as const;

/** A bridge's trigger-action-response plan. */
export function responsePlanQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: responsePlanQueryKey(bridgeId),
    queryFn: async (): Promise<ResponsePlan> =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/response-plan', { params: { path: { id: bridgeId } } }),
        'Failed to fetch the response plan',
      ),
  });
}
