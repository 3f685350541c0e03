import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { damageDetectionModeling } from '../../../features/marketing/topic-content/damage-detection-modeling';
import { TopicPage } from '../../../features/marketing/topic-page';
import { solutions } from '../../../features/marketing/topics';

const topic = solutions['damage-detection-modeling'];

export const Route = createFileRoute('/_public/solutions/damage-detection-modeling')({
  head: () => pageHead(topic.title, topic.description),
  component: DamageDetectionModelingPage,
});

function DamageDetectionModelingPage() {
  return <TopicPage kind="Solution" topic={topic} content={damageDetectionModeling} />;
}
