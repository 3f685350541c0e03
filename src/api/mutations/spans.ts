import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { completed } from '../answer';
import type { ApiClient } from '../client';
import { spansQueryKey } from '../queries/structures';

export type SpanInput = components['schemas']['SpanInput'];

export function createSpanMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (body: SpanInput) =>
      completed(api.POST('/api/v1/spans/create', { body }), 'Failed to create span'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: spansQueryKey }),
  });
}
