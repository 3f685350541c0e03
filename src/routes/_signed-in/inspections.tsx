import { createFileRoute } from '@tanstack/react-router';
import { InspectionsPage } from '../../features/inspections/inspections-page';
import { headTitle } from '../../ui/document-title';

// Everyone signed in reads the calendar of their bridges; only staff record (the server checks).
export const Route = createFileRoute('/_signed-in/inspections')({
  head: () => headTitle('Inspections'),
  component: InspectionsRoute,
});

function InspectionsRoute() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <InspectionsPage isStaff={isStaff} />;
}
