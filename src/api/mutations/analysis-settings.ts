import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import { type AnalysisSettingsInput, analysisSettingsQueryKey } from '../queries/analysis-settings';

export function saveAnalysisSettingsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  bridgeId: number,
) {
  return mutationOptions({
    mutationFn: (body: AnalysisSettingsInput) =>
      answerOf(
        api.PUT('/api/v1/bridges/{id}/analysis-settings', {
          params: { path: { id: bridgeId } },
          body,
        }),
        'Failed to save the analysis settings',
      ),
    onSuccess: (saved) => queryClient.setQueryData(analysisSettingsQueryKey(bridgeId), saved),
  });
}
