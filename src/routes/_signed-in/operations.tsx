import { createFileRoute, redirect } from '@tanstack/react-router';
import { OperationsPage } from '../../features/operations/operations-page';
import { headTitle } from '../../ui/document-title';

// Staff only, like /users (spec §2 and §6): tokens, messages and analyses are staff business.
export const Route = createFileRoute('/_signed-in/operations')({
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff) throw redirect({ to: '/map' });
  },
  head: () => headTitle('Operations'),
  component: OperationsPage,
});
