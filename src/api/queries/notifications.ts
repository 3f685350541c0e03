import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import type { ApiClient } from '../client';
import { answerOf } from '../answer';

export type AppNotification = components['schemas']['Notification'];

export const NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * The bell polls every half minute: an unread count is one indexed read, and news of a raised
 * alert should not wait for the dashboard's five-minute refresh. Background tabs do not poll
 * (TanStack Query's default), so an idle browser costs nothing.
 */
export const NOTIFICATIONS_POLL_MS = 30_000;

const PAGE_SIZE = 20;

export function unreadNotificationsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'unread'] as const,
    queryFn: async (): Promise<number> =>
      (
        await answerOf(
          api.GET('/api/v1/notifications/unread-count'),
          'Failed to fetch notifications',
        )
      ).unread,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}

/** The signed-in user's notifications, newest first, a page of 20 at a time. */
export function notificationsQueryOptions(api: ApiClient) {
  return infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list'] as const,
    queryFn: ({ pageParam }) =>
      answerOf(
        api.GET('/api/v1/notifications', {
          params: {
            query: { limit: PAGE_SIZE, ...(pageParam === null ? {} : { before: pageParam }) },
          },
        }),
        'Failed to fetch notifications',
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.next_before,
    refetchInterval: NOTIFICATIONS_POLL_MS,
  });
}
