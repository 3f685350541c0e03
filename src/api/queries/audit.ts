import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type AuditEntry = components['schemas']['AuditEntry'];
export type AuditPage = components['schemas']['AuditPage'];
export type AuditObjectType = components['schemas']['AuditObjectType'];

/** The filters the audit log API takes, as its query parameters. */
export interface AuditQuery {
  object_type?: AuditObjectType;
  object_id?: string;
  actor?: number;
  /** ISO date-times; `to` is exclusive. */
  from?: string;
  to?: string;
}

/** GET /audit: one page of entries, newest first (staff). */
export function listAuditEntriesQueryOptions(
  api: ApiClient,
  query: AuditQuery,
  page: number,
  pageSize: number,
) {
  return queryOptions({
    queryKey: ['audit', query, page, pageSize] as const,
    queryFn: async (): Promise<AuditPage> => {
      return answerOf(
        api.GET('/api/v1/audit', {
          params: { query: { ...query, page, page_size: pageSize } },
        }),
        'Failed to fetch the audit log',
      );
    },
    // Paging keeps the current page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}

/** The filtered log as CSV; fetched through the client so the bearer token goes with it. */
export async function exportAuditCsv(api: ApiClient, query: AuditQuery): Promise<Blob> {
  return answerOf(
    api.GET('/api/v1/audit.csv', {
      params: { query },
      parseAs: 'blob',
      headers: { Accept: 'text/csv' },
    }),
    'Failed to export the audit log',
  );
}
