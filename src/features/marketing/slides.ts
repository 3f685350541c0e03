import automatedAlertsArt from './art/hero-automated-alerts.svg?raw';
import bridgeSafetyArt from './art/hero-bridge-safety.svg?raw';
import conditionMonitoringArt from './art/hero-condition-monitoring.svg?raw';
import maintenanceSchedulingArt from './art/hero-maintenance-scheduling.svg?raw';

// The four hero slides of spec §1, in our words. The pictures are our own SVGs, inlined (2 KB
// each) so the hero paints with the first render instead of after a further round of requests.
export interface Slide {
  /** SVG markup, from our own files only. */
  art: string;
  imageAlt: string;
  title: string;
  description: string;
}

export const heroSlides: readonly Slide[] = [
  {
    art: bridgeSafetyArt,
    imageAlt:
      'Illustration of a cable-stayed bridge with sensors marked on its towers, cables and deck',
    title: 'Enhanced Bridge Safety',
    description:
      'Strain gauges, accelerometers, tilt meters and temperature probes from different manufacturers report into one platform, so every girder, bearing and cable is read on the same clock.',
  },
  {
    art: conditionMonitoringArt,
    imageAlt:
      'Illustration of a girder bridge under a live strain trace, with one unusual spike highlighted',
    title: 'Real-Time Condition Monitoring',
    description:
      'Each reading is compared with how the bridge normally behaves at that temperature and traffic load. Departures are flagged within minutes, long before the next visual inspection.',
  },
  {
    art: automatedAlertsArt,
    imageAlt: 'Illustration of an arch bridge sending an alert signal to a phone and a laptop',
    title: 'Automated Alerts and Notifications',
    description:
      'When a limit is crossed or an anomaly persists, the responsible engineer, the maintenance crew and the operations centre are told at once, with the sensor, span and reading attached.',
  },
  {
    art: maintenanceSchedulingArt,
    imageAlt: 'Illustration of a truss bridge beside a maintenance schedule chart',
    title: 'Efficient Maintenance Scheduling',
    description:
      'Condition trends and anomaly history set the next inspection date for each structure, so crews go to the bridges that need them first, with less downtime and lower cost.',
  },
];
