import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import type { Rota, RotaInput } from '../queries/rotas';

/** A new rota, or a stored one replaced whole (members and overrides with it). */
export type RotaChange =
  { kind: 'create'; body: RotaInput } | { kind: 'update'; id: number; body: RotaInput };

/**
 * Any change to a rota may change who is on call: everything read under the company's key (its
 * rotas, who is on call) is read again. The key's prefix rather than each query's key, so this
 * chunk does not pull in the on-call line's query, which the signed-in frame already loads.
 */
const refresh = (queryClient: QueryClient, companyId: number) =>
  queryClient.invalidateQueries({ queryKey: ['companies', companyId] });

export function saveRotaMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  const company = { id: companyId };
  return mutationOptions({
    mutationFn: (change: RotaChange): Promise<Rota> =>
      answerOf(
        change.kind === 'create'
          ? api.POST('/api/v1/companies/{id}/rotas', {
              params: { path: company },
              body: change.body,
            })
          : api.PUT('/api/v1/companies/{id}/rotas/{rotaId}', {
              params: { path: { ...company, rotaId: change.id } },
              body: change.body,
            }),
        'Failed to save the rota',
      ),
    onSuccess: () => refresh(queryClient, companyId),
  });
}

export function deleteRotaMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  companyId: number,
) {
  return mutationOptions({
    mutationFn: (rotaId: number) =>
      completed(
        api.DELETE('/api/v1/companies/{id}/rotas/{rotaId}', {
          params: { path: { id: companyId, rotaId } },
        }),
        'Failed to delete the rota',
      ),
    onSuccess: () => refresh(queryClient, companyId),
  });
}
