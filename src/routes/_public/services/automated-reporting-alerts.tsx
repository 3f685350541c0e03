import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = services['automated-reporting-alerts'];

export const Route = createFileRoute('/_public/services/automated-reporting-alerts')({
  head: () => headTitle(topic.title),
  component: AutomatedReportingAlertsPage,
});

function AutomatedReportingAlertsPage() {
  return <TopicPage kind="Service" topic={topic} />;
}
