import { createFileRoute, redirect } from '@tanstack/react-router';
import { validateDashboardSearch } from '../../../domain/bridge-search';
import { loadDashboard } from '../../features/dashboard/dashboard-loader';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { DashboardPending } from '../../features/dashboard/dashboard-pending';
import { DashboardError } from '../../features/dashboard/dashboard-route-states';
import { headTitle } from '../../ui/document-title';

// Spec §2 and §5: the bridge travels in the address; without one the map is the place to pick it.
export const Route = createFileRoute('/_signed-in/dashboard')({
  validateSearch: validateDashboardSearch,
  beforeLoad: ({ search }) => {
    if (search.bridge === undefined) throw redirect({ to: '/map', replace: true });
  },
  loaderDeps: ({ search }) => ({ bridge: search.bridge, name: search.name }),
  loader: ({ context, deps }) =>
    deps.bridge === undefined
      ? undefined
      : loadDashboard(context.queryClient, context.api, deps.bridge, deps.name),
  head: () => headTitle('Bridge health'),
  pendingComponent: DashboardPending,
  errorComponent: DashboardError,
  component: DashboardRoute,
});

function DashboardRoute() {
  const bridgeId = Route.useSearch({ select: (search) => search.bridge });
  // beforeLoad has already sent an address without a bridge to the map.
  if (bridgeId === undefined) return null;
  return <DashboardPage key={bridgeId} bridgeId={bridgeId} />;
}
