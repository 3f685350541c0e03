import { createFileRoute } from '@tanstack/react-router';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import {
  listDatastreamsQueryOptions,
  listSensorsQueryOptions,
  listSpansQueryOptions,
} from '../../api/queries/structures';
import { BridgesPage } from '../../features/bridges/bridges-page';
import { headTitle } from '../../ui/document-title';

// Everyone signed in reads; only staff see the write actions (the server enforces it anyway).
export const Route = createFileRoute('/_signed-in/bridges')({
  // The four lists of spec §7 start together; not awaited: each failure is the page's own toast.
  loader: ({ context: { queryClient, api } }) => {
    void queryClient.prefetchQuery(listBridgesQueryOptions(api));
    void queryClient.prefetchQuery(listSpansQueryOptions(api));
    void queryClient.prefetchQuery(listSensorsQueryOptions(api));
    void queryClient.prefetchQuery(listDatastreamsQueryOptions(api));
  },
  head: () => headTitle('Bridge management'),
  component: BridgesRoute,
});

function BridgesRoute() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <BridgesPage isStaff={isStaff} />;
}
