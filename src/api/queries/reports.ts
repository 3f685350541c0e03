import type { ApiClient } from '../client';
import { answerOf } from '../answer';

/**
 * The bridge's monthly PDF report (`month` as YYYY-MM), its times in `timeZone`: the zone the
 * dashboard writes the bridge's times in (its company's, else the reader's), so the PDF and the
 * screen it was asked from agree (decision 064).
 */
export async function fetchBridgeReport(
  api: ApiClient,
  bridgeId: number,
  month: string,
  timeZone: string,
): Promise<Blob> {
  return answerOf(
    api.GET('/api/v1/bridges/{id}/report', {
      params: { path: { id: bridgeId }, query: { month, tz: timeZone } },
      parseAs: 'blob',
      headers: { Accept: 'application/pdf' },
    }),
    'Failed to download the report',
  );
}
