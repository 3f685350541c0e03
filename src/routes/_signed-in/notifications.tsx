import { createFileRoute, redirect } from '@tanstack/react-router';
import { managesCompany } from '../../api/roles';
import { NotificationsPage } from '../../features/notifications/notifications-page';
import { headTitle } from '../../ui/document-title';

// Staff and company administrators, like /users (decision 040): whoever manages a company's
// people manages whom its alarms reach; an operator is sent to /map as there (decision 066).
export const Route = createFileRoute('/_signed-in/notifications')({
  beforeLoad: ({ context }) => {
    if (!managesCompany(context.user)) throw redirect({ to: '/map' });
  },
  head: () => headTitle('Notifications'),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return (
    <NotificationsPage
      viewer={{ isStaff: user.is_staff, companyId: user.company_id, company: user.company }}
    />
  );
}
