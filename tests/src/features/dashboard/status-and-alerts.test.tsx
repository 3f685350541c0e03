import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../../openapi/schema';
import { COMMENT_REQUIRED } from '../../../../src/features/dashboard/acknowledge-dialog';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import {
  anAlert,
  anAnomalyReport,
  cbStream,
  confederation,
  serveDashboard,
  unlocated,
} from './fixtures';

type S = components['schemas'];

const server = setupMswServer();
configure({ asyncUtilTimeout: 4000 });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:png'), revokeObjectURL: vi.fn() });
});

const openDashboard = (bridgeId = confederation.id) => renderApp(`/dashboard?bridge=${bridgeId}`);
const strip = () => screen.findByRole('region', { name: 'Status of Confederation Bridge' });
const facts = (element: HTMLElement) =>
  Object.fromEntries(
    [...element.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling]),
  );

const offline = (id: number): S['Alert'] =>
  anAlert({
    id,
    type: 'Sensor offline',
    severity: 'Medium',
    message: 'No data from stream CB-acc-z',
    cause: { windows: [], datastreams: [{ id: 41, stream_id: 'CB-acc-z', sensors: ['CB-ACC-1'] }] },
  });

describe('status strip (issue 18: condition first)', () => {
  it('puts condition, score with bands, situation, alerts, last data and period at the top', async () => {
    serveDashboard(server, {
      report: anAnomalyReport({ num_anomalies: 13, anomaly_count: 204 }),
      alerts: [anAlert({ id: 1 }), anAlert({ id: 2, type: 'Structural Warning' })],
    });
    await openDashboard();
    const status = await strip();
    // The strip comes before the alerts, and the alerts before the evidence.
    const alertsCard = await screen.findByRole('region', { name: /^Active Alerts/ });
    // The evidence is drawn after the condition's first paint.
    const prediction = await screen.findByRole('region', { name: 'Prediction' });
    expect(status.compareDocumentPosition(alertsCard)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(alertsCard.compareDocumentPosition(prediction)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);

    const index = within(status).getByRole('region', { name: 'Bridge Condition Index' });
    expect(facts(index).Condition).toHaveTextContent('Critical');
    expect(facts(index).Anomalies).toHaveTextContent(
      '13 anomaly episodes in the last 1 day of data',
    );
    const score = within(status).getByRole('region', { name: 'Health Score' });
    expect(
      within(score).getByRole('img', { name: 'Health score 60 out of 100: Critical (red)' }),
    ).toBeVisible();
    expect(score).toHaveTextContent(
      '90 Good (no anomaly episode) · 75 Fair (1–2) · 60 Poor (3–5) · 60 Critical (more than 5)',
    );
    const situation = within(status).getByRole('region', { name: 'Current situation' });
    expect(situation).toHaveTextContent('13 Anomalies Detected');
    expect(within(situation).getByRole('link', { name: '2 active alerts' })).toHaveAttribute(
      'href',
      '#active-alerts',
    );
    const monitoring = within(status).getByRole('region', { name: 'Bridge Monitoring Status' });
    const seen = facts(monitoring)['Last data received']?.querySelector('time');
    expect(seen).toHaveAttribute('datetime', cbStream.last_seen);
    expect(seen).toHaveAttribute('title', expect.stringContaining('UTC'));
    expect(facts(monitoring)['Evaluation period']).toHaveTextContent(' to ');
    await waitFor(() => expect(monitoring).toHaveTextContent(/Last updated: \S/));
    // Each fact once: the count of episodes is not repeated as a separate card.
    expect(screen.getAllByText(/13 Anomalies Detected/)).toHaveLength(1);
  });

  it("an active 'Sensor offline' shows in the situation, never beside 'Normal Operation'", async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 0 }), alerts: [offline(9)] });
    await openDashboard();
    const situation = within(await strip()).getByRole('region', { name: 'Current situation' });
    expect(situation).toHaveTextContent('Sensor offline: CB-acc-z');
    expect(screen.queryByText('Normal Operation')).not.toBeInTheDocument();
    const readings = await screen.findByRole('region', { name: 'Sensor readings' });
    expect(readings).toHaveTextContent('Silent: no data lately');
  });
});

describe('alarms one by one (issue 18)', () => {
  it('lists each alert with what changed, sensor, since, trigger and an action, and acknowledges one with a comment', async () => {
    let alerts = [anAlert({ id: 11 }), offline(12)];
    const posted: { id: number; body: unknown }[] = [];
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 4 }) });
    server.use(
      http.get(apiUrl('/api/v1/alerts'), () => HttpResponse.json(alerts)),
      http.post(apiUrl('/api/v1/alerts/:id/acknowledge'), async ({ params, request }) => {
        const id = Number(params.id);
        posted.push({ id, body: await request.json() });
        alerts = alerts.map((a) =>
          a.id === id
            ? {
                ...a,
                state: 'acknowledged' as const,
                acknowledged_at: '2026-11-20T10:00:00.000Z',
                acknowledged_by: { id: 7, username: 'ada' },
                comment: 'Gateway rebooted',
              }
            : a,
        );
        return HttpResponse.json(alerts.find((a) => a.id === id));
      }),
    );
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    const [anomaly, silent] = within(list).getAllByRole('listitem');
    if (!anomaly || !silent) throw new Error('two alerts expected');
    // What changed, on which sensor, since when, against which trigger (issue 36).
    expect(facts(anomaly)['What changed']).toHaveTextContent(
      'Peak error 0.0520 against the threshold 0.0300',
    );
    expect(facts(anomaly).Sensor).toHaveTextContent('CB-acc-z');
    expect(facts(anomaly).Since?.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-19T10:00:00.000Z',
    );
    expect(facts(anomaly)['Last seen']?.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-11-19T10:10:00.000Z',
    );
    expect(facts(anomaly).Trigger).toHaveTextContent('Detector threshold 0.0300');
    expect(facts(silent).Sensor).toHaveTextContent('CB-acc-z');
    expect(facts(silent).Trigger).toHaveTextContent('Silent at least');
    expect(facts(silent)['What to do']).toHaveTextContent('Check the sensor and its gateway');

    const user = userEvent.setup();
    await user.click(within(silent).getByRole('button', { name: 'Acknowledge' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge alert' });
    expect(dialog).toHaveTextContent('Sensor offline (Medium)');
    await user.type(within(dialog).getByRole('textbox'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(within(dialog).getByRole('textbox')).toHaveAccessibleDescription(COMMENT_REQUIRED);
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByRole('textbox'), 'Gateway rebooted');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    const acknowledged = await screen.findByRole('list', { name: 'Acknowledged alerts' });
    expect(acknowledged).toHaveTextContent('by ada: “Gateway rebooted”');
    expect(posted).toEqual([{ id: 12, body: { comment: 'Gateway rebooted' } }]);
    expect(screen.getByRole('list', { name: 'Active alerts' }).children).toHaveLength(1);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    serveDashboard(server, { alerts: [anAlert({ id: 5 })] });
    server.use(
      http.post(apiUrl('/api/v1/alerts/:id/acknowledge'), () =>
        HttpResponse.json({ detail: 'comment: this field is required' }, { status: 400 }),
      ),
    );
    await openDashboard();
    await screen.findByRole('list', { name: 'Active alerts' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = screen.getByRole('dialog', { name: 'Acknowledge alert' });
    await user.type(within(dialog).getByRole('textbox'), 'Seen');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'comment: this field is required',
    );
  });
});

describe('alarm order (issue 36, item 6)', () => {
  it('lists the most severe first, newest first within a severity', async () => {
    serveDashboard(server, {
      // The server's order: newest first.
      alerts: [
        anAlert({
          id: 7,
          type: 'Inspection due',
          severity: 'Medium',
          message: 'Inspection due soon',
        }),
        anAlert({
          id: 6,
          type: 'Sensor offline',
          severity: 'Medium',
          message: 'No data from CB-2',
        }),
        anAlert({
          id: 5,
          type: 'Structural Warning',
          severity: 'Critical',
          message: 'f1 down 8 %',
        }),
      ],
    });
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    const titles = within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(titles).toEqual(['Structural Warning', 'Inspection due', 'Sensor offline']);
  });
});

describe('a bridge with sensors but no data (issue 18)', () => {
  it('says so in plain words, greys the badge, disables the CSV and reconciles the stream', async () => {
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/ai/anomalies'), () =>
        HttpResponse.json({ detail: "No trained model yet for bridge 'x'" }, { status: 409 }),
      ),
      http.post(apiUrl('/api/v1/ai/predict/prediction'), () =>
        HttpResponse.json({ detail: 'not ready' }, { status: 409 }),
      ),
      http.get(apiUrl('/api/v1/datastreams'), () =>
        HttpResponse.json([{ ...cbStream, last_seen: null, sample_count: 0 }]),
      ),
    );
    await openDashboard();
    const notAssessed = await screen.findByRole('region', { name: 'Not assessed yet' });
    expect(notAssessed).toHaveTextContent(
      'This bridge has 1 sensor installed, but no data has arrived from it yet.',
    );
    expect(screen.queryByText(/No trained model/)).not.toBeInTheDocument();
    const status = await strip();
    expect(facts(status).Condition).toHaveTextContent('Not assessed');
    expect(facts(status)['Last data received']).toHaveTextContent('Never');
    const badge = within(screen.getByRole('region', { name: /^Active Alerts/ })).getByText('0');
    expect(badge.className).toMatch(/badgeNeutral/);
    const readings = await screen.findByRole('region', { name: 'Sensor readings' });
    expect(readings).toHaveTextContent('Installed, not reporting');
    expect(
      within(readings).getByRole('button', { name: 'Download CSV (CB-acc-z)' }),
    ).toBeDisabled();
  });
});

describe('bridge switcher (issue 18)', () => {
  it("lists the user's bridges and opens the chosen one's dashboard", async () => {
    serveDashboard(server);
    const { router } = await openDashboard();
    const select = await screen.findByRole('combobox', { name: 'Bridge' });
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Confederation Bridge (Poor)',
      'Hartland Covered Bridge (not assessed)',
    ]);
    await userEvent.setup().selectOptions(select, String(unlocated.id));
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Hartland Covered Bridge Health condition',
      }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ bridge: unlocated.id, name: unlocated.name });
  });
});

describe('alert messages (issue 18: one date format)', () => {
  it('writes an ISO time in a stored message in the screen format', async () => {
    const { alertMessage } = await import('../../../../src/features/dashboard/alert-facts');
    const { formatDateTime } = await import('../../../../domain/formats');
    const message = alertMessage(
      anAlert({ id: 1, message: 'No data from stream x since 2026-11-21T23:49:50.000Z' }),
    );
    expect(message).toBe(
      `No data from stream x since ${formatDateTime('2026-11-21T23:49:50.000Z')}`,
    );
    expect(message).not.toMatch(/\dT\d/);
  });
});
