import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = services['consulting-optimization'];

export const Route = createFileRoute('/_public/services/consulting-optimization')({
  head: () => headTitle(topic.title),
  component: ConsultingOptimizationPage,
});

function ConsultingOptimizationPage() {
  return <TopicPage kind="Service" topic={topic} />;
}
