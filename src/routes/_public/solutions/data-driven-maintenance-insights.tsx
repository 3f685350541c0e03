import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { dataDrivenMaintenanceInsights } from '../../../features/marketing/topic-content/data-driven-maintenance-insights';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';

const topic = solutions['data-driven-maintenance-insights'];

export const Route = createFileRoute('/_public/solutions/data-driven-maintenance-insights')({
  head: () => pageHead(topic.title, topic.description),
  component: DataDrivenMaintenanceInsightsPage,
});

function DataDrivenMaintenanceInsightsPage() {
  return <TopicPage kind="Solution" topic={topic} content={dataDrivenMaintenanceInsights} />;
}
