import { createFileRoute } from '@tanstack/react-router';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { inspectionCalendarQueryOptions } from '../../api/queries/inspections';
import { InspectionsPage } from '../../features/inspections/inspections-page';
import { headTitle } from '../../ui/document-title';

// Everyone signed in reads the calendar of their bridges; only staff record (the server checks).
export const Route = createFileRoute('/_signed-in/inspections')({
  // Both together; the bridge list is awaited, the month's calendar (which the page lets the user
  // change) keeps its own spinner and error.
  loader: async ({ context: { queryClient, api } }) => {
    void queryClient.prefetchQuery(inspectionCalendarQueryOptions(api));
    await queryClient.ensureQueryData(listBridgesQueryOptions(api));
  },
  head: () => headTitle('Inspections'),
  component: InspectionsRoute,
});

function InspectionsRoute() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  const userId = Route.useRouteContext({ select: (context) => context.user.id });
  return <InspectionsPage isStaff={isStaff} userId={userId} />;
}
