import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { consultingOptimization } from '../../../features/marketing/topic-content/consulting-optimization';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';

const topic = services['consulting-optimization'];

export const Route = createFileRoute('/_public/services/consulting-optimization')({
  head: () => pageHead(topic.title, topic.description),
  component: ConsultingOptimizationPage,
});

function ConsultingOptimizationPage() {
  return <TopicPage kind="Service" topic={topic} content={consultingOptimization} />;
}
