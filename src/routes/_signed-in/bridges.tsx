import { createFileRoute } from '@tanstack/react-router';
import { BridgesFailed, BridgesPage } from '../../features/bridges/bridges-page';
import { structureQueries } from '../../features/bridges/structure-data';
import { headTitle } from '../../ui/document-title';

// Everyone signed in reads; only staff see the write actions (the server enforces it anyway).
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

function BridgesRoute() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <BridgesPage isStaff={isStaff} />;
}

function BridgesFailedScreen() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <BridgesFailed isStaff={isStaff} />;
}
