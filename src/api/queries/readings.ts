import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type ReadingSeries = components['schemas']['ReadingSeries'];

export interface ReadingsRange {
  /** ISO date-times; `to` is exclusive. */
  from: string;
  to: string;
}

// Enough points for a chart a few hundred pixels wide; the server picks the storage level.
const CHART_POINTS = 600;

/** GET /datastreams/{id}/readings: min, max and mean per point over the range. */
export function readingsQueryOptions(api: ApiClient, datastreamId: number, range: ReadingsRange) {
  return queryOptions({
    queryKey: ['readings', datastreamId, range.from, range.to] as const,
    queryFn: async (): Promise<ReadingSeries> => {
      return answerOf(
        api.GET('/api/v1/datastreams/{id}/readings', {
          params: {
            path: { id: datastreamId },
            query: { from: range.from, to: range.to, max_points: CHART_POINTS },
          },
        }),
        'Failed to fetch readings',
      );
    },
    // Switching the range keeps the old line on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** The raw samples of the range as CSV; fetched through the client so the bearer token goes with it. */
export async function fetchReadingsCsv(
  api: ApiClient,
  datastreamId: number,
  range: ReadingsRange,
): Promise<Blob> {
  return answerOf(
    api.GET('/api/v1/datastreams/{id}/readings.csv', {
      params: { path: { id: datastreamId }, query: range },
      parseAs: 'blob',
      headers: { Accept: 'text/csv' },
    }),
    'Failed to download the readings',
  );
}
