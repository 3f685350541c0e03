import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = services['predictive-maintenance-analytics'];

export const Route = createFileRoute('/_public/services/predictive-maintenance-analytics')({
  head: () => headTitle(topic.title),
  component: PredictiveMaintenanceAnalyticsPage,
});

function PredictiveMaintenanceAnalyticsPage() {
  return <TopicPage kind="Service" topic={topic} />;
}
