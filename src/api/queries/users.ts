import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { ApiFailure } from './api-failure';

export type User = components['schemas']['User'];

export const usersQueryKey = ['users'] as const;

export function listUsersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: usersQueryKey,
    queryFn: async (): Promise<User[]> => {
      const { data, error, response } = await api.GET('/api/v1/users');
      if (!data) throw new ApiFailure('Failed to fetch users', error, response.status);
      return data;
    },
  });
}
