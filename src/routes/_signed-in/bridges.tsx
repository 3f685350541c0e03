import { createFileRoute } from '@tanstack/react-router';
import { managesCompany } from '../../api/roles';
import {
  type BridgesAccess,
  BridgesFailed,
  BridgesPage,
} from '../../features/bridges/bridges-page';
import { structureQueries } from '../../features/bridges/structure-data';
import { headTitle } from '../../ui/document-title';

// Everyone signed in reads; staff and company administrators see the write actions (the server
// enforces it anyway).
export const Route = createFileRoute('/_signed-in/bridges')({
  // The four lists of spec §7 start together, and the page waits for all four.
  loader: ({ context: { queryClient, api } }) => {
    const lists = structureQueries(api);
    return Promise.all([
      queryClient.ensureQueryData(lists.bridges),
      queryClient.ensureQueryData(lists.spans),
      queryClient.ensureQueryData(lists.sensors),
      queryClient.ensureQueryData(lists.datastreams),
    ]);
  },
  head: () => headTitle('Bridge management'),
  // Spec §8: each list that failed has its own toast over the page, which shows the others.
  errorComponent: BridgesFailedScreen,
  component: BridgesRoute,
});

function useAccess(): BridgesAccess {
  const user = Route.useRouteContext({ select: (context) => context.user });
  return { isStaff: user.is_staff, manages: managesCompany(user), company: user.company };
}

function BridgesRoute() {
  return <BridgesPage {...useAccess()} />;
}

function BridgesFailedScreen() {
  return <BridgesFailed {...useAccess()} />;
}
