import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { headTitle } from '../../ui/document-title';

export const Route = createFileRoute('/_signed-in/dashboard')({
  head: () => headTitle('Bridge health'),
  component: DashboardPage,
});
