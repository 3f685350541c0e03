import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { realTimeMonitoring } from '../../../features/marketing/topic-content/real-time-monitoring';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';

const topic = services['real-time-monitoring'];

export const Route = createFileRoute('/_public/services/real-time-monitoring')({
  head: () => pageHead(topic.title, topic.description),
  component: RealTimeMonitoringPage,
});

function RealTimeMonitoringPage() {
  return <TopicPage kind="Service" topic={topic} content={realTimeMonitoring} />;
}
