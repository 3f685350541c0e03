import { createFileRoute, redirect } from '@tanstack/react-router';
import { UsersPage } from '../../features/users/users-page';
import { headTitle } from '../../ui/document-title';

// Spec §2 settles the disagreement about /users: non-staff are redirected to /map.
export const Route = createFileRoute('/_signed-in/users')({
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff) throw redirect({ to: '/map' });
  },
  head: () => headTitle('User management'),
  component: UsersPage,
});
