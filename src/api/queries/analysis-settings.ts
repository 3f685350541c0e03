import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type AnalysisSettings = components['schemas']['AnalysisSettings'];
export type AnalysisSettingsInput = components['schemas']['AnalysisSettingsInput'];

export const analysisSettingsQueryKey = (bridgeId: number) =>
  ['analysis-settings', bridgeId] as const;

/** The bridge's trigger levels and alarm rate (the defaults until staff set them). */
export function analysisSettingsQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: analysisSettingsQueryKey(bridgeId),
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/analysis-settings', { params: { path: { id: bridgeId } } }),
        'Failed to fetch the analysis settings',
      ),
  });
}
