import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { structuralHealthMonitoring } from '../../../features/marketing/topic-content/structural-health-monitoring';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';

const topic = solutions['structural-health-monitoring'];

export const Route = createFileRoute('/_public/solutions/structural-health-monitoring')({
  head: () => pageHead(topic.title, topic.description),
  component: StructuralHealthMonitoringPage,
});

function StructuralHealthMonitoringPage() {
  return <TopicPage kind="Solution" topic={topic} content={structuralHealthMonitoring} />;
}
