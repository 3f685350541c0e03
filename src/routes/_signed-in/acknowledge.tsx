import { createFileRoute } from '@tanstack/react-router';
import { AcknowledgeLinkPage } from '../../features/dashboard/acknowledge-link-page';
import { headTitle } from '../../ui/document-title';

// The page the link in an alert email opens (issue 32, docs/decisions/036-escalation-and-acknowledge-links.md).
export const Route = createFileRoute('/_signed-in/acknowledge')({
  validateSearch: (raw: Record<string, unknown>): { token: string } => ({
    token: typeof raw.token === 'string' ? raw.token : '',
  }),
  head: () => headTitle('Acknowledge alert'),
  component: AcknowledgeRoute,
});

function AcknowledgeRoute() {
  const { token } = Route.useSearch();
  return <AcknowledgeLinkPage token={token} />;
}
