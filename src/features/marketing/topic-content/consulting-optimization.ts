import { type TopicContent, images } from './topic-content';

export const consultingOptimization: TopicContent = {
  image: images.sensors,
  overview: [
    'Consulting and Optimization puts our structural engineers and data scientists alongside your team. We help you decide what to measure and where, set thresholds that reflect the structure rather than a generic code value, and get more from monitoring systems you already own.',
    'Engagements range from a single site survey and sensor layout to a review of an entire monitoring programme. Every recommendation comes with the reasoning and data behind it, in a form your engineers can check and own.',
  ],
  features: [
    {
      title: 'Sensor layout design',
      text: 'Placement of strain gauges, accelerometers, tilt and displacement sensors based on the load path, the critical details and the failure modes that matter for that structure type.',
    },
    {
      title: 'Threshold tuning',
      text: 'Alert limits derived from the structure’s measured response and design capacity, reviewed after each season to cut false alarms.',
    },
    {
      title: 'Monitoring programme review',
      text: 'An audit of existing systems: sensor health, data completeness, calibration records and whether the data answers the questions asked of it.',
    },
    {
      title: 'Training for your team',
      text: 'Hands-on sessions for engineers and inspectors on reading the health view, interpreting anomalies and acting on alerts.',
    },
  ],
  benefits: [
    'Sensors where they tell you the most, and no more than needed.',
    'Alert limits your engineers understand and trust.',
    'New value from monitoring hardware already in the field.',
    'A team confident in using the data day to day.',
  ],
  caseStudies: [
    {
      title: 'A cable-stayed crossing in Quebec',
      text: 'A review of an existing 120-channel system found redundant gauges and blind spots at two anchorages, and re-tuned the alert limits using a year of data.',
      result:
        'False alarms fell by 30% while two previously unmonitored details were brought into view.',
    },
    {
      title: 'A new-build overpass programme in Alberta',
      text: 'Sensor layouts were designed with the contractor before construction, so conduits and mounting plates went in with the concrete.',
      result: 'Installation cost was 30% lower than retrofitting the same layout after completion.',
    },
  ],
};
