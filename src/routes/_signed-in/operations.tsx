import { createFileRoute, redirect } from '@tanstack/react-router';
import { listBridgesQueryOptions } from '../../api/queries/bridges';
import { contactMessagesQueryOptions } from '../../api/queries/operations';
import { OperationsPage } from '../../features/operations/operations-page';
import { headTitle } from '../../ui/document-title';

// Staff only, like /users (spec §2 and §6): tokens, messages and analyses are staff business.
export const Route = createFileRoute('/_signed-in/operations')({
  beforeLoad: ({ context }) => {
    if (!context.user.is_staff) throw redirect({ to: '/map' });
  },
  // The panels' bridge list and the contact messages, together; the route's spinner and error
  // page stand for the page's.
  loader: ({ context: { queryClient, api } }) =>
    Promise.all([
      queryClient.ensureQueryData(contactMessagesQueryOptions(api)),
      queryClient.ensureQueryData(listBridgesQueryOptions(api)),
    ]),
  head: () => headTitle('Operations'),
  component: OperationsPage,
});
