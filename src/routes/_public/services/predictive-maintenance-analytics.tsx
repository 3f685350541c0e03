import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { predictiveMaintenanceAnalytics } from '../../../features/marketing/topic-content/predictive-maintenance-analytics';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';

const topic = services['predictive-maintenance-analytics'];

export const Route = createFileRoute('/_public/services/predictive-maintenance-analytics')({
  head: () => pageHead(topic.title, topic.description),
  component: PredictiveMaintenanceAnalyticsPage,
});

function PredictiveMaintenanceAnalyticsPage() {
  return <TopicPage kind="Service" topic={topic} content={predictiveMaintenanceAnalytics} />;
}
