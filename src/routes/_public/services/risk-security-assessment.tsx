import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '../../../features/marketing/page-head';
import { riskSecurityAssessment } from '../../../features/marketing/topic-content/risk-security-assessment';
import { TopicPage } from '../../../features/marketing/topic-page';
import { services } from '../../../features/marketing/topics';

const topic = services['risk-security-assessment'];

export const Route = createFileRoute('/_public/services/risk-security-assessment')({
  head: () => pageHead(topic.title, topic.description),
  component: RiskSecurityAssessmentPage,
});

function RiskSecurityAssessmentPage() {
  return <TopicPage kind="Service" topic={topic} content={riskSecurityAssessment} />;
}
