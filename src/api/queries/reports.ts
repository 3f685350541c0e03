import type { ApiClient } from '../client';
import { answerOf } from '../answer';

/** The reader's IANA time zone, in which the report writes its times (as the dashboard does). */
const readerTimeZone = (): string | undefined => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? zone : undefined;
};

/** The bridge's monthly PDF report (`month` as YYYY-MM), its times in the reader's zone. */
export async function fetchBridgeReport(
  api: ApiClient,
  bridgeId: number,
  month: string,
): Promise<Blob> {
  const tz = readerTimeZone();
  return answerOf(
    api.GET('/api/v1/bridges/{id}/report', {
      params: { path: { id: bridgeId }, query: tz ? { month, tz } : { month } },
      parseAs: 'blob',
      headers: { Accept: 'application/pdf' },
    }),
    'Failed to download the report',
  );
}
