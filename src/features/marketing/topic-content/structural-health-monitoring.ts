import { type TopicContent, images } from './topic-content';

export const structuralHealthMonitoring: TopicContent = {
  image: images.sensors,
  overview: [
    'Structural Health Monitoring is the foundation of everything SpanWatch does: a permanent set of sensors on the bridge, a data link that never loses a reading, and a platform that turns the readings into a health view per structure.',
    'We instrument the components that carry load and show distress first. Strain gauges measure how hard girders and cross-beams work under traffic, accelerometers capture how the deck and piers vibrate, tilt meters and displacement transducers follow bearings and joints, and temperature sensors let every other reading be read in context.',
  ],
  features: [
    {
      title: 'Measure',
      text: 'Strain, acceleration, tilt, displacement, bearing load and temperature, sampled from once a minute to 100 times a second depending on what each sensor must catch.',
    },
    {
      title: 'Learn',
      text: 'Weeks of readings from normal service teach the platform how this particular bridge responds to traffic, wind and the seasons.',
    },
    {
      title: 'Detect',
      text: 'New readings are compared with that learned behaviour; departures become anomalies, and anomalies raise the condition index and the threat level.',
    },
    {
      title: 'Act',
      text: 'Operators see the condition, active alerts and next inspection date for each bridge, and responsible teams are alerted at once.',
    },
  ],
  benefits: [
    'A continuous record of how each structure is behaving, not a snapshot every two years.',
    'Early warning of bearing seizure, cracking, loss of prestress or scour.',
    'Evidence to support load limits, closures and repair priorities.',
    'One platform for every structure and every sensor make.',
  ],
  caseStudies: [
    {
      title: 'A steel-girder overpass in Ottawa',
      text: 'Our first instrumented structure has now been monitored for over seven years through retrofits, resurfacing and record cold.',
      result:
        'The monitoring record supported a 15-year life extension instead of a replacement, and inspection findings matched the data throughout.',
    },
    {
      title: 'A multi-span concrete viaduct in Quebec',
      text: 'Sixty-four channels across eight spans track strain, vibration and joint movement on a busy urban corridor.',
      result:
        'A seized bearing was identified from its thermal movement signature and replaced during a planned overnight closure.',
    },
  ],
};
