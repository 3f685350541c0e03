import { createFileRoute } from '@tanstack/react-router';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';
import { headTitle } from '../../../ui/document-title';

const topic = services['risk-security-assessment'];

export const Route = createFileRoute('/_public/services/risk-security-assessment')({
  head: () => headTitle(topic.title),
  component: RiskSecurityAssessmentPage,
});

function RiskSecurityAssessmentPage() {
  return <TopicPage kind="Service" topic={topic} />;
}
