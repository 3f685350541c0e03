import { createFileRoute } from '@tanstack/react-router';
import { AlertPage } from '../../features/dashboard/alert-page';
import { headTitle } from '../../ui/document-title';

// The page every alert message links to (issue 32, decision 080 amended): one alert, readable by
// whoever was told of it. An id that is not a whole number is nobody's alert: the page says so.
export const Route = createFileRoute('/_signed-in/alerts/$id')({
  head: () => headTitle('Alert'),
  component: AlertRoute,
});

function AlertRoute() {
  const { id } = Route.useParams();
  const alertId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  return <AlertPage key={alertId} alertId={alertId} />;
}
