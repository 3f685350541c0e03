import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { automatedReportingAlerts } from '../../../features/marketing/topic-content/automated-reporting-alerts';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';

const topic = services['automated-reporting-alerts'];

export const Route = createFileRoute('/_public/services/automated-reporting-alerts')({
  head: () => pageHead(topic.title, topic.description),
  component: AutomatedReportingAlertsPage,
});

function AutomatedReportingAlertsPage() {
  return <TopicPage kind="Service" topic={topic} content={automatedReportingAlerts} />;
}
