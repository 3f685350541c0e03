import { type TopicContent, images } from './topic-content';

export const predictiveMaintenanceAnalytics: TopicContent = {
  image: images.schedule,
  overview: [
    'Predictive Maintenance Analytics turns months of sensor readings into a maintenance plan. For each structure we combine the anomaly history, the trend of its condition index and the age and type of its components to estimate when it next needs attention, and how urgently.',
    'The result is a ranked work list across your whole inventory: which bridge to inspect next, which component to look at, and the readings that justify the visit. Inspection intervals follow the evidence, from 180 days for a structure in good condition down to 7 days for one in critical condition.',
  ],
  features: [
    {
      title: 'Condition index per structure',
      text: 'A Good, Fair, Poor or Critical rating derived from the number and persistence of anomalies, updated every time new data is analysed.',
    },
    {
      title: 'Inspection date forecasting',
      text: 'The next recommended inspection is set from the condition index and adjusted as the trend improves or worsens.',
    },
    {
      title: 'Inventory-wide ranking',
      text: 'All structures on one list, ordered by urgency, with filters by region, structure type and owner.',
    },
    {
      title: 'Work-order export',
      text: 'Ranked tasks export to CSV or straight into your maintenance management system, with links back to the supporting data.',
    },
  ],
  benefits: [
    'Spend inspection budgets on the structures that need them first.',
    'Catch deterioration between scheduled inspections instead of at them.',
    'Justify each maintenance decision with measured evidence.',
    'Plan crews and lane closures weeks ahead rather than days.',
  ],
  caseStudies: [
    {
      title: 'A provincial highway district in Alberta',
      text: 'Forty-two bridges on a freight corridor moved from fixed two-year inspection cycles to intervals set by their monitored condition.',
      result:
        'Unplanned maintenance fell by 30% in the first two years, and emergency lane closures with it.',
    },
    {
      title: 'A port authority in British Columbia',
      text: 'Analytics on bearing load cells and deck accelerometers of an access viaduct identified two bearings losing capacity a full season before the scheduled inspection.',
      result: 'Replacing them early, in one planned closure, cut the projected repair cost by 30%.',
    },
  ],
};
