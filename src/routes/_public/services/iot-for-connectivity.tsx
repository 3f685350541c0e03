import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = services['iot-for-connectivity'];

export const Route = createFileRoute('/_public/services/iot-for-connectivity')({
  head: () => headTitle(topic.title),
  component: IotForConnectivityPage,
});

function IotForConnectivityPage() {
  return <TopicPage kind="Service" topic={topic} />;
}
