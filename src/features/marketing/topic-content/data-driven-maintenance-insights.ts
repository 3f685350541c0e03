import { type TopicContent, images } from './topic-content';

export const dataDrivenMaintenanceInsights: TopicContent = {
  image: images.schedule,
  overview: [
    'Data-Driven Maintenance Insights connects what the sensors say to what the crews do. Instead of inspecting every structure on the same calendar, owners see which bridges are changing, which components are responsible, and how soon each needs attention.',
    'The insights combine each structure’s anomaly history, the trend of its condition index and its inspection records into a ranked list of actions. Every item links back to the readings behind it, so engineers can check the reasoning before committing a crew.',
  ],
  features: [
    {
      title: 'Condition trends',
      text: 'The condition index of each structure over months and years, with the anomalies that moved it marked on the timeline.',
    },
    {
      title: 'Component-level findings',
      text: 'Anomalies traced to the span and sensor that produced them, so an inspection can start at the right bearing or joint.',
    },
    {
      title: 'Condition-based intervals',
      text: 'Inspection intervals of 180, 90, 30 or 7 days following the condition index, instead of one interval for every structure.',
    },
    {
      title: 'Portfolio view',
      text: 'Every structure on one page, ordered by urgency, for managers planning crews, budgets and closures.',
    },
  ],
  benefits: [
    'Crews sent where the measurements say they are needed.',
    'Fewer routine visits to structures that are behaving well.',
    'Earlier, smaller repairs instead of late, large ones.',
    'Maintenance decisions that can be explained and audited.',
  ],
  caseStudies: [
    {
      title: 'A municipal bridge programme in New Brunswick',
      text: 'Condition-based intervals replaced a fixed annual cycle for 60 structures, with monitoring on the 15 in poorest condition.',
      result:
        'The same crews covered the portfolio with time to spare, and two deteriorating joints were repaired a year earlier than planned.',
    },
    {
      title: 'A provincial ministry pilot in Ontario',
      text: 'Maintenance insights for a corridor of nine overpasses were compared with a traditional inspection programme over two years.',
      result:
        'Every defect found by inspectors had been flagged by the data first, on average four months earlier.',
    },
  ],
};
