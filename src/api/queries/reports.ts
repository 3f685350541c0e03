import type { ApiClient } from '../client';
import { answerOf } from '../answer';

/** The bridge's monthly PDF report (`month` as YYYY-MM). */
export async function fetchBridgeReport(
  api: ApiClient,
  bridgeId: number,
  month: string,
): Promise<Blob> {
  return answerOf(
    api.GET('/api/v1/bridges/{id}/report', {
      params: { path: { id: bridgeId }, query: { month } },
      parseAs: 'blob',
      headers: { Accept: 'application/pdf' },
    }),
    'Failed to download the report',
  );
}
