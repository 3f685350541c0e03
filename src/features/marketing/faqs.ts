import type { FaqEntry } from './faq-accordion';

// The five questions of spec §2; the accuracy answer states the spec's above-95% figure.
export const faqs: readonly FaqEntry[] = [
  {
    question: 'What does SpanWatch measure on a bridge?',
    answer:
      'Strain at girders and cross-beams (foil and vibrating-wire strain gauges), vibration at mid-span and at bearings (triaxial MEMS accelerometers), rotation and settlement (tilt meters and displacement transducers across joints and bearings), load at bearings (load cells) and air and steel temperature. Sampling runs from once a minute for temperature to 100 times a second for acceleration, and every reading is time-stamped at the gateway.',
  },
  {
    question: 'How does the AI find problems in the data?',
    answer:
      'For each bridge we train an autoencoder on weeks of readings from normal service, cut into short windows and described by features such as peak strain, RMS acceleration and the dominant vibration frequencies. The model learns to rebuild normal windows; when a new window cannot be rebuilt well, its reconstruction error rises above a threshold set from the bridge’s own history, and that window is flagged as an anomaly. Temperature is part of the input, so the daily and seasonal swing of a Canadian climate is not mistaken for damage.',
  },
  {
    question: 'How accurate is the anomaly detection?',
    answer:
      'Checked against events confirmed by inspectors on the structures we monitor, our models classify windows correctly with an accuracy above 95%. We report precision and missed detections per bridge as well, because a single accuracy figure hides what matters most: that real changes are caught and that crews are not sent out for nothing. Thresholds can be tightened for critical structures.',
  },
  {
    question: 'Can you use the sensors we already have installed?',
    answer:
      'Usually, yes. Our gateways read the common data-logger formats and accept readings over MQTT or HTTP, so strain gauges, accelerometers and tilt meters from different manufacturers can report into one platform. During a site survey we check calibration dates, sampling rates and clock synchronisation, and recommend new sensors only where a component is not covered.',
  },
  {
    question: 'What does an operator see, and what happens when something is found?',
    answer:
      'Each bridge has a health view with a condition index (Good, Fair, Poor or Critical), the number of anomalies detected, the next recommended inspection date and a list of active alerts with the sensor, span and reading behind each one. When anomalies appear, the alert goes to the team responsible for that structure at once, and the inspection interval shortens from 180 days for a bridge in good condition to as little as 7 days for a critical one.',
  },
];
