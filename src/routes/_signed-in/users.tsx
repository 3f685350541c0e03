import { createFileRoute, redirect } from '@tanstack/react-router';
import { listUsersQueryOptions } from '../../api/queries/users';
import { UsersPage } from '../../features/users/users-page';
import { headTitle } from '../../ui/document-title';

// Spec §2 settles the disagreement about /users: non-staff are redirected to /map.
export const Route = createFileRoute('/_signed-in/users')({
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff) throw redirect({ to: '/map' });
  },
  // Not awaited: spec §8's 'Failed to fetch users' toast and the table's loading row are the page's.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(listUsersQueryOptions(context.api));
  },
  head: () => headTitle('User management'),
  component: UsersPage,
});
