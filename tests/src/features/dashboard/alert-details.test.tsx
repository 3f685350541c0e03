import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAlert, anAnomalyReport, confederation, serveDashboard } from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const noCause = { windows: [], datastreams: [] };

// The alerts whose stored message already says what was measured against what.
const messageAlerts: S['Alert'][] = [
  anAlert({
    id: 21,
    type: 'Calibration due',
    severity: 'High',
    message: 'Calibration of sensor CB-SG-1 is overdue since 12 November 2026',
    cause: noCause,
  }),
  anAlert({
    id: 22,
    type: 'Inspection overdue',
    severity: 'High',
    message: 'Routine inspection is overdue since 3 October 2026',
    cause: noCause,
  }),
  anAlert({
    id: 23,
    type: 'Fatigue',
    severity: 'High',
    message: 'Fatigue damage of detail CB-W1 reached 0.82 of its life',
    cause: { windows: [], datastreams: [{ id: 41, stream_id: 'CB-acc-z', sensors: [] }] },
  }),
  anAlert({
    id: 24,
    type: 'Sensor fault',
    severity: 'Medium',
    message: 'Sensor fault on stream CB-acc-z: stuck at one value',
    cause: { windows: [], datastreams: [{ id: 41, stream_id: 'CB-acc-z', sensors: [] }] },
  }),
  anAlert({
    id: 26,
    type: 'Mode tracking lost',
    severity: 'Medium',
    message:
      'Mode tracking lost: 34.0 % of tracked frequencies not found in the period (baseline 3.1 %)',
    cause: noCause,
  }),
];

const maintenance = anAlert({
  id: 25,
  type: 'Maintenance Required',
  severity: 'High',
  message: 'Maintenance due within 7 days',
  cause: noCause,
});

const occurrences = (text: string | null, part: string) => (text ?? '').split(part).length - 1;

async function openDetails() {
  await renderApp(`/dashboard?bridge=${confederation.id}`);
  await screen.findByRole('list', { name: 'Active alerts' });
  await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));
  return screen.getByRole('dialog', { name: 'Alert details' });
}

describe('alert details show each fact once (issue 18 review)', () => {
  it("says a lost mode is the monitoring's problem, with what to check first", async () => {
    serveDashboard(server, { report: anAnomalyReport(), alerts: messageAlerts.slice(-1) });
    const dialog = await openDetails();
    const article = within(dialog).getByRole('article', { name: 'Mode tracking lost' });
    expect(article).toHaveTextContent('34.0 % of tracked frequencies not found in the period');
    expect(article).toHaveTextContent("The analysis' mode trackers (accelerometers)");
    expect(article).toHaveTextContent('Check the accelerometers and their mounting');
  });

  it('says a twin disagreement names both gauges, keeps both in use and asks to inspect both (decision 074)', async () => {
    const disagreement = anAlert({
      id: 27,
      type: 'Sensor disagreement',
      severity: 'Medium',
      message:
        'Sensor disagreement: CB-str-1 and CB-str-1b disagree since 2026-11-29 06:00 UTC: one of them reads wrong; neither is left out of the condition analysis, the limits or the fatigue counting, so inspect both.',
      cause: {
        windows: [],
        datastreams: [
          { id: 41, stream_id: 'CB-str-1', sensors: [] },
          { id: 42, stream_id: 'CB-str-1b', sensors: [] },
        ],
      },
    });
    serveDashboard(server, { report: anAnomalyReport(), alerts: [disagreement] });
    const dialog = await openDetails();
    const article = within(dialog).getByRole('article', { name: 'Sensor disagreement' });
    expect(occurrences(article.textContent, disagreement.message)).toBe(1);
    expect(article).toHaveTextContent('Twin data streams CB-str-1; CB-str-1b');
    expect(article).toHaveTextContent('Inspect both gauges on site');
  });

  it("gives an alert's message once, with no Value that repeats it", async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 4 }),
      alerts: messageAlerts,
    });
    const dialog = await openDetails();
    for (const alert of messageAlerts) {
      const article = within(dialog).getByRole('article', { name: alert.type });
      expect(occurrences(article.textContent, alert.message)).toBe(1);
      expect(within(article).queryByText('Value')).not.toBeInTheDocument();
    }
  });

  it("says a maintenance alert's days once and adds the date", async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 6 }),
      alerts: [maintenance],
    });
    const dialog = await openDetails();
    const article = within(dialog).getByRole('article', { name: 'Maintenance Required' });
    expect(occurrences(article.textContent, '7 days')).toBe(1);
    expect(article).toHaveTextContent(/Next maintenance by \S/);
  });

  it('shows the message once in the active alerts list too', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 4 }),
      alerts: messageAlerts,
    });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    for (const [index, item] of within(list).getAllByRole('listitem').entries()) {
      const message = messageAlerts[index]?.message ?? '';
      expect(occurrences(item.textContent, message)).toBe(1);
    }
  });
});

describe('a structural alert states the physical change (issue 15)', () => {
  const shifted = anAlert({
    id: 26,
    type: 'Anomaly Detection',
    severity: 'High',
    message: '1 anomaly detected',
    cause: {
      windows: [],
      datastreams: [],
      physical_change: {
        feature: 's2-acc.f1',
        shift_percent: -2.31,
        uncertainty_percent: 0.42,
        duration_hours: 36.2,
        level: 'amber',
        level_percent: -2,
      },
    },
  });
  const stated = 's2-acc.f1 \u22122.3 % \u00b1 0.4 % over 36 h; crossed amber (\u22122 %)';

  it('in the active alerts list and in the details', async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 1 }), alerts: [shifted] });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    const item = within(list).getByRole('listitem');
    // On the card as what changed (issue 36).
    expect(within(item).getByText('What changed')).toBeInTheDocument();
    expect(within(item).getByText(stated)).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Alert details' });
    const article = within(dialog).getByRole('article', { name: 'Anomaly Detection' });
    expect(within(article).getByText(stated)).toBeInTheDocument();
  });

  it('for each anomaly episode in the details', async () => {
    const report = anAnomalyReport({ num_anomalies: 1 });
    const episode: S['AnomalyEvent'] = {
      start: report.windows[1]?.start ?? '',
      end: report.windows[3]?.end ?? '',
      windows: 3,
      peak_error: 3,
      top_contributors: [],
      frequency_shift: {
        feature: 's1-acc.f2',
        shift_hz: -0.5,
        shift_percent: -6.04,
        uncertainty_hz: 0.01,
        uncertainty_percent: 0.12,
        duration_hours: 1.8,
        level: 'red',
        level_percent: -5,
      },
    };
    serveDashboard(server, { report: { ...report, events: [episode] }, alerts: [shifted] });
    const dialog = await openDetails();
    const list = within(dialog).getByRole('list', { name: 'Anomaly episodes' });
    expect(
      within(list).getByText(
        'Physical change: s1-acc.f2 \u22126.0 % \u00b1 0.1 % over 2 h; crossed red (\u22125 %)',
      ),
    ).toBeInTheDocument();
  });

  // An SSI mode names no stream (decision 076 (c)): its episode, contributors and the alert's
  // physical change read as the span's mode with its reference frequency, never as 'ssi'.
  it('an SSI mode reads as the span mode, not as a stream called ssi', async () => {
    const label = 'Main span mode 1 (SSI, 2.43 Hz)';
    const report = anAnomalyReport({
      num_anomalies: 1,
      feature_labels: { 'ssi.f1': label, 'ssi.f2': 'Main span mode 2 (SSI, 4.68 Hz)' },
    });
    const episode: S['AnomalyEvent'] = {
      start: report.windows[1]?.start ?? '',
      end: report.windows[3]?.end ?? '',
      windows: 3,
      peak_error: 3,
      top_contributors: [
        { feature: 'ssi.f1', datastream: null, share: 0.62 },
        { feature: 's1-str.rms', datastream: 's1-str', share: 0.2 },
      ],
      frequency_shift: {
        feature: 'ssi.f1',
        shift_hz: -0.1,
        shift_percent: -4.04,
        uncertainty_hz: 0.01,
        uncertainty_percent: 0.3,
        duration_hours: 1.8,
        level: 'amber',
        level_percent: -2,
      },
    };
    const ssiAlert = anAlert({
      id: 27,
      type: 'Anomaly Detection',
      severity: 'High',
      message: '1 anomaly detected',
      cause: {
        windows: [],
        datastreams: [],
        physical_change: {
          feature: 'ssi.f1',
          shift_percent: -2.31,
          uncertainty_percent: 0.42,
          duration_hours: 36.2,
          level: 'amber',
          level_percent: -2,
        },
      },
    });
    serveDashboard(server, { report: { ...report, events: [episode] }, alerts: [ssiAlert] });
    const dialog = await openDetails();
    const article = within(dialog).getByRole('article', { name: 'Anomaly Detection' });
    expect(
      within(article).getByText(
        `${label} \u22122.3 % \u00b1 0.4 % over 36 h; crossed amber (\u22122 %)`,
      ),
    ).toBeInTheDocument();
    const list = within(dialog).getByRole('list', { name: 'Anomaly episodes' });
    expect(
      within(list).getByText(
        `Physical change: ${label} \u22124.0 % \u00b1 0.3 % over 2 h; crossed amber (\u22122 %)`,
      ),
    ).toBeInTheDocument();
    expect(
      within(list).getByText(/mostly Main span mode 1 \(SSI, 2\.43 Hz\) \(62 %\), s1-str \(20 %\)/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/\bssi\b/)).toBeNull();
  });

  it('not on an alert whose cause holds none', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 4 }),
      alerts: [maintenance],
    });
    await renderApp(`/dashboard?bridge=${confederation.id}`);
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    expect(within(list).queryByText(/crossed (red|amber)/)).not.toBeInTheDocument();
  });
});
