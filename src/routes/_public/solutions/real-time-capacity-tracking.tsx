import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = solutions['real-time-capacity-tracking'];

export const Route = createFileRoute('/_public/solutions/real-time-capacity-tracking')({
  head: () => headTitle(topic.title),
  component: RealTimeCapacityTrackingPage,
});

function RealTimeCapacityTrackingPage() {
  return <TopicPage kind="Solution" topic={topic} />;
}
