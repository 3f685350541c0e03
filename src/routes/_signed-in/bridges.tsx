import { createFileRoute } from '@tanstack/react-router';
import { BridgesPage } from '../../features/bridges/bridges-page';
import { headTitle } from '../../ui/document-title';

// Everyone signed in reads; only staff see the write actions (the server enforces it anyway).
export const Route = createFileRoute('/_signed-in/bridges')({
  head: () => headTitle('Bridge management'),
  component: BridgesRoute,
});

function BridgesRoute() {
  const isStaff = Route.useRouteContext({ select: (context) => context.user.is_staff });
  return <BridgesPage isStaff={isStaff} />;
}
