// The long copy of one solution or service page. One file per page keeps each route's chunk
// to its own text.
export interface TopicImage {
  src: string;
  alt: string;
}

export interface TopicFeature {
  title: string;
  text: string;
}

export interface CaseStudy {
  title: string;
  text: string;
  result: string;
}

export interface TopicContent {
  image: TopicImage;
  overview: readonly string[];
  features: readonly TopicFeature[];
  benefits: readonly string[];
  caseStudies: readonly CaseStudy[];
}

export const images = {
  sensors: {
    src: '/images/sensor-layout.svg',
    alt: 'Diagram of a two-span girder bridge showing where strain gauges, accelerometers, tilt, temperature sensors and load cells are mounted',
  },
  dashboard: {
    src: '/images/operator-dashboard.svg',
    alt: 'A bridge health view with a condition index of Good, a strain chart against its limit and a list of active alerts',
  },
  trace: {
    src: '/images/hero-condition-monitoring.svg',
    alt: 'Illustration of a girder bridge under a live strain trace, with one unusual spike highlighted',
  },
  alerts: {
    src: '/images/hero-automated-alerts.svg',
    alt: 'Illustration of an arch bridge sending an alert signal to a phone and a laptop',
  },
  schedule: {
    src: '/images/hero-maintenance-scheduling.svg',
    alt: 'Illustration of a truss bridge beside a maintenance schedule chart',
  },
  network: {
    src: '/images/hero-bridge-safety.svg',
    alt: 'Illustration of a cable-stayed bridge with sensors from several makers marked on its towers, cables and deck',
  },
} as const satisfies Record<string, TopicImage>;
