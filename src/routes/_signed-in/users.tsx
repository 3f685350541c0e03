import { createFileRoute, redirect } from '@tanstack/react-router';
import { listUsersQueryOptions } from '../../api/queries/users';
import { UsersFailed, UsersPage } from '../../features/users/users-page';
import { headTitle } from '../../ui/document-title';

// Spec §2 settles the disagreement about /users: non-staff are redirected to /map.
export const Route = createFileRoute('/_signed-in/users')({
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff) throw redirect({ to: '/map' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(listUsersQueryOptions(context.api)),
  head: () => headTitle('User management'),
  // Spec §8: the list's failure is the page's red toast, over an empty table that says it too.
  errorComponent: UsersFailed,
  component: UsersPage,
});
