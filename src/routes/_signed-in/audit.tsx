import { createFileRoute, redirect } from '@tanstack/react-router';
import { listUsersQueryOptions } from '../../api/queries/users';
import { AuditPage } from '../../features/audit/audit-page';
import { type AuditSearch, parseAuditSearch } from '../../features/audit/audit-search';
import { headTitle } from '../../ui/document-title';

// Staff only, like /operations: the log names every user's changes (issue 20).
export const Route = createFileRoute('/_signed-in/audit')({
  validateSearch: (raw: Record<string, unknown>): AuditSearch => parseAuditSearch(raw),
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff) throw redirect({ to: '/map' });
  },
  // The filters' user list; the entries depend on the page size the screen keeps, so it asks.
  loader: ({ context }) => context.queryClient.ensureQueryData(listUsersQueryOptions(context.api)),
  head: () => headTitle('Audit log'),
  component: AuditRoute,
});

function AuditRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AuditPage search={search} onSearch={(next) => void navigate({ search: next })} />;
}
