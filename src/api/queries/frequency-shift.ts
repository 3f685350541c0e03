import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type FrequencyShiftSeries = components['schemas']['FrequencyShiftSeries'];
export type ModeFrequencyShift = components['schemas']['ModeFrequencyShift'];

export const frequencyShiftQueryKey = (bridgeId: number) => ['frequency-shift', bridgeId] as const;

/** Each tracked mode's shift against the accepted reference, with its levels (decision 051). */
export function frequencyShiftQueryOptions(api: ApiClient, bridgeId: number) {
  return queryOptions({
    queryKey: frequencyShiftQueryKey(bridgeId),
    queryFn: () =>
      answerOf(
        api.GET('/api/v1/bridges/{id}/frequency-shift', { params: { path: { id: bridgeId } } }),
        'Failed to fetch the frequency shift',
      ),
  });
}
