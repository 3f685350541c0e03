import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { realTimeCapacityTracking } from '../../../features/marketing/topic-content/real-time-capacity-tracking';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';

const topic = solutions['real-time-capacity-tracking'];

export const Route = createFileRoute('/_public/solutions/real-time-capacity-tracking')({
  head: () => pageHead(topic.title, topic.description),
  component: RealTimeCapacityTrackingPage,
});

function RealTimeCapacityTrackingPage() {
  return <TopicPage kind="Solution" topic={topic} content={realTimeCapacityTracking} />;
}
