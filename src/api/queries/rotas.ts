import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';

export type Rota = components['schemas']['Rota'];
export type RotaInput = components['schemas']['RotaInput'];

export const rotasQueryKey = (companyId: number) => ['companies', companyId, 'rotas'] as const;

/** A company's on-call rotas, oldest first (decision 056). */
export function listRotasQueryOptions(api: ApiClient, companyId: number) {
  return queryOptions({
    queryKey: rotasQueryKey(companyId),
    queryFn: (): Promise<Rota[]> =>
      answerOf(
        api.GET('/api/v1/companies/{id}/rotas', { params: { path: { id: companyId } } }),
        'Failed to load the on-call rotas',
      ),
  });
}
