import { type QueryClient, mutationOptions } from '@tanstack/react-query';
import { answerOf } from '../answer';
import type { ApiClient } from '../client';
import { NOTIFICATIONS_KEY } from '../queries/notifications';

/** Marks one notification read, or all of them (id null); the bell and its list reload. */
export function markNotificationsReadMutationOptions(api: ApiClient, queryClient: QueryClient) {
  return mutationOptions({
    mutationFn: async (id: number | null): Promise<void> => {
      await (id === null
        ? answerOf(api.POST('/api/v1/notifications/read-all'), 'Failed to mark notifications read')
        : answerOf(
            api.POST('/api/v1/notifications/{id}/read', { params: { path: { id } } }),
            'Failed to mark the notification read',
          ));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
