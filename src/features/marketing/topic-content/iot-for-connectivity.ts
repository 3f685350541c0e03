import { type TopicContent, images } from './topic-content';

export const iotForConnectivity: TopicContent = {
  image: images.network,
  overview: [
    'IoT for Connectivity gets the data off the bridge reliably. We design and install the gateways, power and communications that join sensors from different manufacturers into one network, whether the structure sits beside a fibre line in a city or on a gravel road two hours from the nearest town.',
    'Gateways read each sensor at its own rate, time-stamp the readings and forward them over MQTT or HTTP to the SpanWatch platform. When the link drops, readings are buffered on the gateway and delivered in order once it returns, so a storm never leaves a gap in the record.',
  ],
  features: [
    {
      title: 'Multi-vendor sensor support',
      text: 'Vibrating-wire and foil strain gauges, MEMS and piezoelectric accelerometers, inclinometers, LVDTs and thermistors from different makers on one gateway.',
    },
    {
      title: 'Store-and-forward gateways',
      text: 'Weeks of readings buffered locally during outages and delivered in order, with duplicates discarded on arrival.',
    },
    {
      title: 'Backhaul that fits the site',
      text: 'LTE-M and LTE cellular, fibre, or licensed radio, with solar and battery power for sites without mains supply.',
    },
    {
      title: 'Clock synchronisation',
      text: 'GPS or network time on every gateway, so readings from both ends of a long bridge line up to the millisecond.',
    },
  ],
  benefits: [
    'One data network for every sensor, whoever made it.',
    'No gaps in the record when the connection drops.',
    'Monitoring at remote sites with no mains power.',
    'Secure, encrypted links from the deck to the dashboard.',
  ],
  caseStudies: [
    {
      title: 'A northern highway crossing in the Northwest Territories',
      text: 'A solar-powered gateway with cellular backhaul and a week of local storage now monitors a steel truss bridge through months of polar night.',
      result: 'Data completeness rose to 99.6%, and maintenance trips to the site fell by 30%.',
    },
    {
      title: 'A mixed fleet of sensors in Nova Scotia',
      text: 'Three generations of sensors from four manufacturers on a provincial causeway were brought onto common gateways instead of being replaced.',
      result: 'Integration cost 30% less than a full sensor replacement would have.',
    },
  ],
};
