import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = solutions['damage-detection-modeling'];

export const Route = createFileRoute('/_public/solutions/damage-detection-modeling')({
  head: () => headTitle(topic.title),
  component: DamageDetectionModelingPage,
});

function DamageDetectionModelingPage() {
  return <TopicPage kind="Solution" topic={topic} />;
}
