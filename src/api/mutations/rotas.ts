import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import { onCallQueryKey } from '../queries/on-call';
import { type Rota, type RotaInput, rotasQueryKey } from '../queries/rotas';

/** A new rota, or a stored one replaced whole (members and overrides with it). */
export type RotaChange =
  { kind: 'create'; body: RotaInput } | { kind: 'update'; id: number; body: RotaInput };

/** Any change to a rota may change who is on call: both lists are read again. */
const refresh = (queryClient: QueryClient, companyId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: rotasQueryKey(companyId) }),
    queryClient.invalidateQueries({ queryKey: onCallQueryKey(companyId) }),
  ]);

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
