// The solution and service pages of spec §2. Each page is a placeholder for now; the full
// overview, features, benefits and case studies arrive with the marketing issue.
export interface Topic {
  /** The route that shows this topic. */
  to: string;
  title: string;
  summary: string;
}

export const solutions = {
  'structural-health-monitoring': {
    to: '/solutions/structural-health-monitoring',
    title: 'Structural Health Monitoring',
    summary:
      'Strain, vibration, temperature and displacement readings from every span, gathered in one place and checked continuously for early signs of distress.',
  },
  'data-driven-maintenance-insights': {
    to: '/solutions/data-driven-maintenance-insights',
    title: 'Data-Driven Maintenance Insights',
    summary:
      'Maintenance plans that follow what the structure is actually doing, so crews go where they are needed first.',
  },
  'real-time-capacity-tracking': {
    to: '/solutions/real-time-capacity-tracking',
    title: 'Structural Condition Forecast Modeling',
    summary:
      'Models trained on each bridge’s own history project how its condition is likely to develop over the coming months.',
  },
  'damage-detection-modeling': {
    to: '/solutions/damage-detection-modeling',
    title: 'Damage Detection Modeling',
    summary:
      'Learned models flag readings that depart from a bridge’s normal behaviour, pointing engineers to the components worth a closer look.',
  },
} as const satisfies Record<string, Topic>;

export const services = {
  'real-time-monitoring': {
    to: '/services/real-time-monitoring',
    title: 'Real-Time Monitoring',
    summary:
      'Live sensor feeds from strain gauges, accelerometers, temperature and displacement sensors, with a clear view of what each one reports right now.',
  },
  'predictive-maintenance-analytics': {
    to: '/services/predictive-maintenance-analytics',
    title: 'Predictive Maintenance Analytics',
    summary:
      'Analytics that turn months of readings into a schedule: what to inspect, when, and why.',
  },
  'risk-security-assessment': {
    to: '/services/risk-security-assessment',
    title: 'Risk and Security Assessment',
    summary:
      'A structured look at the threats each structure faces and how exposed it is, ranked so the most urgent come first.',
  },
  'iot-for-connectivity': {
    to: '/services/iot-for-connectivity',
    title: 'IoT for Connectivity',
    summary:
      'Gateways and sensors from different makers joined into one dependable data network, from the deck to the dashboard.',
  },
  'automated-reporting-alerts': {
    to: '/services/automated-reporting-alerts',
    title: 'Automated Reporting and Alerts',
    summary:
      'Reports that write themselves and alerts that reach the right team the moment a reading crosses a limit.',
  },
  'consulting-optimization': {
    to: '/services/consulting-optimization',
    title: 'Consulting and Optimization',
    summary:
      'Our engineers work alongside yours to plan sensor layouts, tune thresholds and get the most from the monitoring you already have.',
  },
} as const satisfies Record<string, Topic>;

export type SolutionSlug = keyof typeof solutions;
export type ServiceSlug = keyof typeof services;
