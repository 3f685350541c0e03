import { type TopicContent, images } from './topic-content';

export const automatedReportingAlerts: TopicContent = {
  image: images.alerts,
  overview: [
    'Automated Reporting and Alerts makes sure the right person hears about a change the moment it matters, and that everyone else gets a clear summary on schedule. Alerts fire on fixed limits, on anomalies found by our models, and on maintenance dates coming due.',
    'Every alert names the structure, span, sensor and reading that triggered it, with a severity of Medium, High or Critical. Scheduled reports gather the condition index, anomaly counts, sensor availability and open alerts for each structure into a document ready for your engineers, managers or regulator.',
  ],
  features: [
    {
      title: 'Three kinds of alert',
      text: 'Structural warnings when condition falls to Poor or Critical, anomaly alerts when the models flag new anomalies, and maintenance alerts when an inspection is due within 30 days.',
    },
    {
      title: 'Routing by responsibility',
      text: 'Alerts go to the engineer, crew or operations centre responsible for that structure, by email, SMS or into your existing incident system.',
    },
    {
      title: 'Escalation and acknowledgement',
      text: 'An unacknowledged Critical alert escalates to the next contact after a set time, and every acknowledgement is logged.',
    },
    {
      title: 'Scheduled condition reports',
      text: 'Weekly, monthly or quarterly PDF reports per structure or per portfolio, generated from the same data the dashboard shows.',
    },
  ],
  benefits: [
    'Critical changes reach a decision-maker in minutes.',
    'No more monthly reports assembled by hand from spreadsheets.',
    'A clear audit trail of what was known, when, and who acted.',
    'Fewer alerts that nobody needed, thanks to model-based checks.',
  ],
  caseStudies: [
    {
      title: 'A transit agency’s elevated guideway in Ontario',
      text: 'Anomaly and threshold alerts were routed to the agency’s operations centre with escalation to the duty structural engineer.',
      result:
        'Time from detection to an engineer’s assessment fell by 30%, and every alert was acknowledged within its target time.',
    },
    {
      title: 'A county bridge office in Saskatchewan',
      text: 'Automated monthly condition reports replaced a spreadsheet process that took two engineers several days each month.',
      result:
        'Reporting effort dropped by 30% in the first quarter, then further as templates matured.',
    },
  ],
};
