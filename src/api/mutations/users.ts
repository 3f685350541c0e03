import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { answerOf, completed } from '../answer';
import type { ApiClient } from '../client';
import { usersQueryKey } from '../queries/users';

export type SignupRequest = components['schemas']['SignupRequest'];
export type UserUpdate = components['schemas']['UserUpdate'];

export type UserChange =
  { kind: 'create'; body: SignupRequest } | { kind: 'update'; id: number; body: UserUpdate };

/** Staff create a user (through sign-up, as spec §7 does) or update one. */
export function saveUserMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (change: UserChange) =>
      completed(
        change.kind === 'create'
          ? api.POST('/api/v1/auth/signup', { body: change.body })
          : api.PUT('/api/v1/users/{id}/update', {
              params: { path: { id: change.id } },
              body: change.body,
            }),
        'Failed to save user',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export function deleteUserMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: (userId: number) =>
      completed(
        api.DELETE('/api/v1/users/{id}/delete', { params: { path: { id: userId } } }),
        'Failed to delete user',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export function assignBridgesMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  userId: number,
) {
  return mutationOptions({
    mutationFn: (bridgeIds: number[]) =>
      completed(
        api.POST('/api/v1/users/{id}/assign', {
          params: { path: { id: userId } },
          body: { bridge_ids: bridgeIds },
        }),
        'Failed to assign bridges',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export function assignDatastreamsMutationOptions(
  api: ApiClient,
  queryClient: QueryClient,
  userId: number,
) {
  return mutationOptions({
    mutationFn: (streamIds: number[]) =>
      completed(
        api.POST('/api/v1/users/assigndatastream', {
          body: { user_id: userId, stream_ids: streamIds },
        }),
        'Failed to assign data streams',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

/**
 * The signed-in user's own email or password (issue 13); the answer is the user as stored,
 * which the session takes over, so no list is invalidated.
 */
export function changeCredentialsMutationOptions(api: ApiClient, userId: number) {
  return mutationOptions({
    mutationFn: (body: UserUpdate) =>
      answerOf(
        api.PUT('/api/v1/users/{id}/update', { params: { path: { id: userId } }, body }),
        'Failed to update the account',
      ),
  });
}
