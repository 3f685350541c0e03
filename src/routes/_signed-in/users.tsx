import { createFileRoute, redirect } from '@tanstack/react-router';
import { listUsersQueryOptions } from '../../api/queries/users';
import { managesCompany } from '../../api/roles';
import { type UsersViewer, UsersFailed, UsersPage } from '../../features/users/users-page';
import { headTitle } from '../../ui/document-title';

// Spec §2 settles the disagreement about /users: non-staff are redirected to /map. A company
// administrator manages its own company's people here too (issue 33, decision 040).
export const Route = createFileRoute('/_signed-in/users')({
  beforeLoad: ({ context }) => {
    if (!managesCompany(context.user)) throw redirect({ to: '/map' });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(listUsersQueryOptions(context.api)),
  head: () => headTitle('User management'),
  // Spec §8: the list's failure is the page's red toast, over an empty table that says it too.
  errorComponent: UsersFailedScreen,
  component: UsersRoute,
});

function useViewer(): UsersViewer {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return { isStaff: user.is_staff, company: user.company, companyId: user.company_id };
}

function UsersRoute() {
  return <UsersPage viewer={useViewer()} />;
}

function UsersFailedScreen() {
  return <UsersFailed viewer={useViewer()} />;
}
