import { type TopicContent, images } from './topic-content';

export const riskSecurityAssessment: TopicContent = {
  image: images.dashboard,
  overview: [
    'Risk and Security Assessment gives owners a structured view of what could go wrong with each bridge and how exposed it is. We combine the monitored condition with the structure’s type, age, traffic, scour and flood exposure, and its importance to the network.',
    'Each threat receives a likelihood and a consequence score, and the monitoring data keeps the scores current: a rising anomaly count raises the structural threat level from Low to Medium, High or Critical. The outcome is a ranked register your engineers and emergency planners can act on.',
  ],
  features: [
    {
      title: 'Threat register per structure',
      text: 'Structural, hydraulic, environmental and operational threats, each scored for likelihood and consequence, with the evidence behind the score.',
    },
    {
      title: 'Live threat level',
      text: 'The structural threat level follows the anomaly count from the monitoring platform, so the register never goes stale between reviews.',
    },
    {
      title: 'Critical-route analysis',
      text: 'Detour lengths, emergency-service routes and freight dependencies weigh each bridge’s consequence of closure.',
    },
    {
      title: 'Security review of the monitoring system',
      text: 'Gateways, credentials and data links are reviewed so the monitoring itself cannot be tampered with or silently lost.',
    },
  ],
  benefits: [
    'See the whole portfolio’s risk on one ranked list.',
    'Direct mitigation money to the structures with the most at stake.',
    'Answer council and regulator questions with measured, current evidence.',
    'Keep the monitoring system itself trustworthy and secure.',
  ],
  caseStudies: [
    {
      title: 'A city in Quebec with 180 structures',
      text: 'A portfolio-wide assessment combined two years of monitoring data with hydraulic and traffic studies to rank every bridge and culvert by risk.',
      result:
        'The capital plan was re-ordered, and 30% of the budget moved to structures previously ranked lower.',
    },
    {
      title: 'A rail operator in Northern Ontario',
      text: 'Tilt meters and scour sensors on three river crossings fed a live threat level into the operator’s spring flood plan.',
      result:
        'Precautionary slow orders during the spring freshet were reduced by 30% without lowering the safety margin.',
    },
  ],
};
