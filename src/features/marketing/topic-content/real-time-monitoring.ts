import { type TopicContent, images } from './topic-content';

export const realTimeMonitoring: TopicContent = {
  image: images.trace,
  overview: [
    'Real-Time Monitoring streams every sensor on your structure into one live view. Strain gauges on the girders, accelerometers at mid-span and at the bearings, displacement transducers across the expansion joints and temperature probes on the steel all report to an on-site gateway, which time-stamps and forwards their readings within seconds.',
    'As readings arrive they are checked twice: against the fixed limits your engineers set for each sensor, and against what the bridge normally does at that temperature and time of day. Your team sees the current value, the trend over the last hours and days, and a plain status for each sensor and span.',
  ],
  features: [
    {
      title: 'Live readings per sensor',
      text: 'Strain in microstrain, acceleration in g, joint movement in millimetres and temperature in degrees Celsius, plotted as they arrive and kept at full resolution for later analysis.',
    },
    {
      title: 'Sensor health checks',
      text: 'Flat-lined channels, clipped signals, drifting zero points and gateways that stop reporting are detected and shown as sensor faults, never as structural alarms.',
    },
    {
      title: 'Temperature-aware baselines',
      text: 'Thermal expansion moves a joint by centimetres between winter and summer. Baselines are learned per season, so a cold snap does not look like damage.',
    },
    {
      title: 'Event capture',
      text: 'Heavy-vehicle crossings, high winds and impacts trigger high-rate recording around the event, so engineers can review the dynamic response afterwards.',
    },
  ],
  benefits: [
    'Know within minutes, not months, when a structure starts behaving differently.',
    'Replace manual data collection trips with continuous, time-stamped evidence.',
    'Tell sensor faults from structural changes before anyone is dispatched.',
    'Keep a full-resolution record for inspections, insurers and regulators.',
  ],
  caseStudies: [
    {
      title: 'A regional municipality in Southern Ontario',
      text: 'Twelve strain gauges and four accelerometers were installed on a 1960s steel-girder overpass carrying a commuter route. Live monitoring replaced quarterly manual readings of the same gauges.',
      result:
        'Site visits for data collection fell by 30%, and the crew time saved went to repairs.',
    },
    {
      title: 'A rural county bridge in Manitoba',
      text: 'Displacement sensors across both abutment joints and temperature probes tracked a timber-and-steel crossing through a winter of severe freeze-thaw cycles.',
      result:
        'Joint-related call-outs dropped by 30% once thermal movement could be told from real misalignment.',
    },
  ],
};
