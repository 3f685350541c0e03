import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = services['real-time-monitoring'];

export const Route = createFileRoute('/_public/services/real-time-monitoring')({
  head: () => headTitle(topic.title),
  component: RealTimeMonitoringPage,
});

function RealTimeMonitoringPage() {
  return <TopicPage kind="Service" topic={topic} />;
}
