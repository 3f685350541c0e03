import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type User = components['schemas']['User'];

export const usersQueryKey = ['users'] as const;

export function listUsersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: async (): Promise<User[]> => {
      return answerOf(api.GET('/api/v1/users'), 'Failed to fetch users');
    },
  });
}
