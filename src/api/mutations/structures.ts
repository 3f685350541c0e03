import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { completed } from '../answer';
import type { ApiClient } from '../client';

export type StructureKind = 'bridge' | 'span' | 'sensor' | 'datastream';

export interface StructureItem {
  kind: StructureKind;
  id: number;
}

function deleteItem(api: ApiClient, { kind, id }: StructureItem, cascade: boolean) {
  const params = { path: { id }, query: cascade ? { cascade: true } : {} };
  switch (kind) {
    case 'bridge':
      return api.DELETE('/api/v1/bridges/{id}/delete', { params });
    case 'span':
      return api.DELETE('/api/v1/spans/{id}/delete', { params });
    case 'sensor':
      return api.DELETE('/api/v1/sensors/{id}/delete', { params });
    case 'datastream':
      return api.DELETE('/api/v1/datastreams/{id}/delete', { params });
  }
}

/**
 * Deletes a bridge, span, sensor or data stream. The server refuses with 409 while something
 * hangs off the item (its detail names what); `cascade` deletes that too.
 */
export function deleteStructureMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  item: StructureItem,
) {
  return mutationOptions({
    mutationFn: (cascade: boolean) =>
      completed(deleteItem(api, item, cascade), `Failed to delete ${item.kind}`),
    // What hangs below may have gone too, so every structure list reloads.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (q) =>
          ['bridges', 'spans', 'sensors', 'datastreams'].includes(String(q.queryKey[0])),
      }),
  });
}
