import { type TopicContent, images } from './topic-content';

export const realTimeCapacityTracking: TopicContent = {
  image: images.trace,
  overview: [
    'Structural Condition Forecast Modeling looks ahead. Using years of strain, vibration and temperature data from each structure, our models project how its condition is likely to develop over the coming seasons, and how much margin it keeps against its design capacity.',
    'Forecasts come with confidence bands, so engineers see not only the expected path but how far to trust it. As new data arrives, the forecast is updated and compared with what actually happened, which keeps the models honest.',
  ],
  features: [
    {
      title: 'Seasonal decomposition',
      text: 'Daily and seasonal temperature effects are separated from the long-term trend, so a slow change is visible under a 40-degree annual swing.',
    },
    {
      title: 'Capacity margin tracking',
      text: 'Measured peak strains under heavy traffic are compared with design limits, and the remaining margin is tracked over time.',
    },
    {
      title: 'Forecasts with confidence bands',
      text: 'Projected condition over 6, 12 and 24 months, with upper and lower bounds from the model’s own track record on that structure.',
    },
    {
      title: 'What-if scenarios',
      text: 'The effect of a heavier design vehicle, a new load limit or a deferred repair, shown on the forecast before a decision is made.',
    },
  ],
  benefits: [
    'Repairs planned seasons ahead, inside the capital cycle.',
    'Load limits set from measured response, not assumptions.',
    'Fewer surprises between inspections.',
    'Clear evidence for funding requests to councils and ministries.',
  ],
  caseStudies: [
    {
      title: 'A prestressed concrete bridge in Alberta',
      text: 'Five years of strain and temperature data fed a forecast of mid-span strain growth on a structure with suspected loss of prestress.',
      result:
        'The forecast supported a targeted strengthening two years ahead of the failure-driven schedule, inside the existing capital budget.',
    },
    {
      title: 'A logging-road crossing in British Columbia',
      text: 'Capacity tracking under loaded logging trucks showed the margin a timber bridge kept after a change to heavier axle loads.',
      result:
        'The owner kept the route open with a posted limit instead of a full closure while replacement was planned.',
    },
  ],
};
