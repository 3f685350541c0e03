import type { LinkProps } from '@tanstack/react-router';

// The solution and service pages of spec §2: what the header menus, the home page cards and
// each page's banner need. The long copy of each page lives in topic-content/, so a page's chunk
// carries only its own text.
export interface Topic {
  to: LinkProps['to'];
  title: string;
  /** One or two sentences for cards and the page banner. */
  summary: string;
  /** The page's meta description. */
  description: string;
}

export type TopicLinkTarget = Pick<Topic, 'to' | 'title'>;

export const solutions = {
  'structural-health-monitoring': {
    to: '/solutions/structural-health-monitoring',
    title: 'Structural Health Monitoring',
    summary:
      'Strain, vibration, tilt, temperature and displacement readings from every span, gathered in one place and checked around the clock for early signs of distress.',
    description:
      'Continuous structural health monitoring for bridges: strain gauges, accelerometers, tilt, displacement and temperature sensors feeding one health view per structure.',
  },
  'data-driven-maintenance-insights': {
    to: '/solutions/data-driven-maintenance-insights',
    title: 'Data-Driven Maintenance Insights',
    summary:
      'Maintenance plans that follow what each structure is actually doing, so crews and budgets go where the measurements say they are needed first.',
    description:
      'Turn bridge sensor data into maintenance priorities: condition trends, anomaly history and inspection intervals ranked across your whole inventory.',
  },
  'real-time-capacity-tracking': {
    to: '/solutions/real-time-capacity-tracking',
    title: 'Structural Condition Forecast Modeling',
    summary:
      'Models trained on each bridge’s own history project how its condition is likely to develop, season by season, so repairs are planned rather than rushed.',
    description:
      'Forecast bridge condition from years of strain, vibration and temperature data, with confidence bands that tell engineers how far to trust each projection.',
  },
  'damage-detection-modeling': {
    to: '/solutions/damage-detection-modeling',
    title: 'Damage Detection Modeling',
    summary:
      'Autoencoder models learn a bridge’s normal response and flag the readings that depart from it, pointing engineers to the component worth a closer look.',
    description:
      'Machine-learning damage detection for bridges: models learn normal structural response and flag anomalies in strain, acceleration and displacement data.',
  },
} as const satisfies Record<string, Topic>;

export const services = {
  'real-time-monitoring': {
    to: '/services/real-time-monitoring',
    title: 'Real-Time Monitoring',
    summary:
      'Live feeds from strain gauges, accelerometers, temperature and displacement sensors, with a clear view of what each one reports right now.',
    description:
      'Real-time bridge monitoring: live strain, acceleration, temperature and displacement data from every sensor, with health status updated as readings arrive.',
  },
  'predictive-maintenance-analytics': {
    to: '/services/predictive-maintenance-analytics',
    title: 'Predictive Maintenance Analytics',
    summary:
      'Analytics that turn months of readings into a schedule: what to inspect, when, and why.',
    description:
      'Predictive maintenance analytics for bridges: condition trends and anomaly counts turned into inspection dates and ranked work lists.',
  },
  'risk-security-assessment': {
    to: '/services/risk-security-assessment',
    title: 'Risk and Security Assessment',
    summary:
      'A structured look at the threats each structure faces and how exposed it is, ranked so the most urgent come first.',
    description:
      'Bridge risk and security assessment: structural, environmental and operational threats scored against live monitoring data and ranked by urgency.',
  },
  'iot-for-connectivity': {
    to: '/services/iot-for-connectivity',
    title: 'IoT for Connectivity',
    summary:
      'Gateways and sensors from different makers joined into one dependable data network, from the deck to the dashboard.',
    description:
      'IoT connectivity for bridge sensors: multi-vendor gateways, MQTT and HTTP ingest, store-and-forward buffering and cellular or fibre backhaul.',
  },
  'automated-reporting-alerts': {
    to: '/services/automated-reporting-alerts',
    title: 'Automated Reporting and Alerts',
    summary:
      'Reports that write themselves and alerts that reach the right team the moment a reading crosses a limit.',
    description:
      'Automated bridge reports and alerts: threshold and anomaly alerts routed to the right team, with scheduled condition reports for owners and regulators.',
  },
  'consulting-optimization': {
    to: '/services/consulting-optimization',
    title: 'Consulting and Optimization',
    summary:
      'Our engineers work alongside yours to plan sensor layouts, tune thresholds and get the most from the monitoring you already have.',
    description:
      'Structural monitoring consulting: sensor layout design, threshold tuning and reviews of existing monitoring systems by SpanWatch engineers.',
  },
} as const satisfies Record<string, Topic>;

export type SolutionSlug = keyof typeof solutions;
export type ServiceSlug = keyof typeof services;

const linkTarget = ({ to, title }: Topic): TopicLinkTarget => ({ to, title });

export const solutionLinks: readonly TopicLinkTarget[] = Object.values(solutions).map(linkTarget);
export const serviceLinks: readonly TopicLinkTarget[] = Object.values(services).map(linkTarget);
