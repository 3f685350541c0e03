import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type CompanyDelivery = components['schemas']['CompanyDelivery'];
export type CompanyDeliveryPage = components['schemas']['CompanyDeliveryPage'];

/** The delivery log's filters and page, as the API takes them. */
export interface DeliveryQuery {
  bridge?: number;
  channel?: 'email' | 'sms';
  limit: number;
  offset: number;
}

/** One page of the delivery log across a company's alerts, newest first (issue 32). */
export function companyDeliveriesQueryOptions(
  api: ApiClient,
  companyId: number,
  query: DeliveryQuery,
) {
  return queryOptions({
    // Under the company's key, beside its rotas and contact groups.
    queryKey: ['companies', companyId, 'deliveries', query] as const,
    queryFn: (): Promise<CompanyDeliveryPage> =>
      answerOf(
        api.GET('/api/v1/companies/{id}/deliveries', {
          params: { path: { id: companyId }, query },
        }),
        'Failed to load the delivery log',
      ),
    // Paging keeps the current page on screen until the next arrives.
    placeholderData: keepPreviousData,
  });
}
