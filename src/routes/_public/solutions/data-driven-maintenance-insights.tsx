import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = solutions['data-driven-maintenance-insights'];

export const Route = createFileRoute('/_public/solutions/data-driven-maintenance-insights')({
  head: () => headTitle(topic.title),
  component: DataDrivenMaintenanceInsightsPage,
});

function DataDrivenMaintenanceInsightsPage() {
  return <TopicPage kind="Solution" topic={topic} />;
}
