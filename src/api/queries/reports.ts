import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

/** The bridge's monthly PDF report (`month` as YYYY-MM). */
export async function fetchBridgeReport(
  api: ApiClient,
  bridgeId: number,
  month: string,
): Promise<Blob> {
  const { data, error, response } = await api.GET('/api/v1/bridges/{id}/report', {
    params: { path: { id: bridgeId }, query: { month } },
    parseAs: 'blob',
    headers: { Accept: 'application/pdf' },
  });
  if (!data) throw new ApiFailure('Failed to download the report', error, response.status);
  return data;
}
