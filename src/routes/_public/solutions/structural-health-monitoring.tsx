import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = solutions['structural-health-monitoring'];

export const Route = createFileRoute('/_public/solutions/structural-health-monitoring')({
  head: () => headTitle(topic.title),
  component: StructuralHealthMonitoringPage,
});

function StructuralHealthMonitoringPage() {
  return <TopicPage kind="Solution" topic={topic} />;
}
