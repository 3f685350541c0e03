import { viewerOf } from '../plugins/authentication.ts';
import type { RouteServices } from '../plugins/route-services.ts';
import type { Handlers } from '../contract-types.ts';

/** The signed-in user's own bell (issue 32); the contract has bounded `limit` and `before`. */
export function notificationsHandlers(
  services: Pick<RouteServices, 'notifications'>,
): Handlers<
  | 'listNotifications'
  | 'countUnreadNotifications'
  | 'markNotificationRead'
  | 'markAllNotificationsRead'
> {
  const { notifications } = services;
  return {
    listNotifications: (request) =>
      notifications.page(viewerOf(request), {
        limit: request.query.limit,
        before: request.query.before,
      }),

    async countUnreadNotifications(request) {
      return { unread: await notifications.unreadCount(viewerOf(request)) };
    },

    markNotificationRead: (request) =>
      notifications.markRead(viewerOf(request), request.params.id, new Date()),

    async markAllNotificationsRead(request) {
      return { marked: await notifications.markAllRead(viewerOf(request), new Date()) };
    },
  };
}
