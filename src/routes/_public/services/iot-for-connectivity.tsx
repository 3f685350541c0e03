import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { iotForConnectivity } from '../../../features/marketing/topic-content/iot-for-connectivity';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';

const topic = services['iot-for-connectivity'];

export const Route = createFileRoute('/_public/services/iot-for-connectivity')({
  head: () => pageHead(topic.title, topic.description),
  component: IotForConnectivityPage,
});

function IotForConnectivityPage() {
  return <TopicPage kind="Service" topic={topic} content={iotForConnectivity} />;
}
