import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsPage } from '../../features/account/notification-settings-page';
import { headTitle } from '../../ui/document-title';

// Settings → Notifications, every signed-in user's own (docs/decisions/050-notification-settings.md).
export const Route = createFileRoute('/_signed-in/settings/notifications')({
  head: () => headTitle('Notification settings'),
  component: NotificationSettingsPage,
});
