import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DASHBOARD_REFRESH_MS,
  anomalyReportQueryOptions,
} from '../../../../src/api/queries/analytics';
import { createApiClient } from '../../../../src/api/client';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { anAlert, anAnomalyReport, confederation, serveDashboard, unlocated } from './fixtures';

const server = setupMswServer();
// Leaflet (the mini map) is slow to warm up on a busy test machine.
configure({ asyncUtilTimeout: 4000 });

const ANOMALIES = apiUrl('/api/v1/ai/anomalies');

// jsdom has no object URLs; the prediction image needs them.
const createObjectURL = vi.fn(() => 'blob:prediction-chart');
const revokeObjectURL = vi.fn();
beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

const openDashboard = (bridgeId = confederation.id) => renderApp(`/dashboard?bridge=${bridgeId}`);

const header = () =>
  screen.findByRole('heading', { level: 1, name: 'Confederation Bridge Health condition' });

function card(name: string | RegExp): HTMLElement {
  return screen.getByRole('region', { name });
}

const findCard = (name: string | RegExp) => screen.findByRole('region', { name });

describe('dashboard address (spec §2, §5)', () => {
  it.each(['/dashboard', '/dashboard?bridge=abc', '/dashboard?bridge=-3'])(
    'sends %s to /map',
    async (path) => {
      serveDashboard(server);
      const { router } = await renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Bridge Locations' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/map');
    },
  );

  it("shows '{bridge name} Health condition' and a way back to the map", async () => {
    serveDashboard(server);
    const { router } = await openDashboard();
    expect(await header()).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ bridge: confederation.id });

    await userEvent.setup().click(screen.getByRole('link', { name: /Back to map/ }));
    await screen.findByRole('heading', { level: 1, name: 'Bridge Locations' });
    expect(router.state.location.pathname).toBe('/map');
  });

  it('explains an unknown bridge and links back to the map', async () => {
    serveDashboard(server);
    await openDashboard(999);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bridge not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('There is no bridge 999');
    expect(screen.getByRole('link', { name: 'Pick a bridge on the map' })).toHaveAttribute(
      'href',
      '/map',
    );
  });
});

describe('health from the anomaly count (spec §4)', () => {
  it("shows 'Anomalies Detected: N' with N the API's num_anomalies, and the prediction image", async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 4, anomaly_count: 9 }) });
    const { unmount } = await openDashboard();
    expect(await screen.findByText('Anomalies Detected: 4')).toBeInTheDocument();
    const image = await screen.findByRole('img', { name: /^Prediction chart for Confederation/ });
    expect(image).toHaveAttribute('src', 'blob:prediction-chart');
    // The object URL is let go with the screen.
    unmount();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:prediction-chart');
  });

  it.each([
    { anomalies: 0, condition: 'Good', threat: 'Low', days: '180', gauge: 90, colour: 'green' },
    { anomalies: 2, condition: 'Fair', threat: 'Medium', days: '90', gauge: 75, colour: 'orange' },
    { anomalies: 4, condition: 'Poor', threat: 'High', days: '30', gauge: 60, colour: 'red' },
    {
      anomalies: 7,
      condition: 'Critical',
      threat: 'Critical',
      days: '7',
      gauge: 60,
      colour: 'red',
    },
  ])(
    '$anomalies anomalies: $condition, threat $threat, $days days, gauge $gauge ($colour)',
    async ({ anomalies, condition, threat, days, gauge, colour }) => {
      serveDashboard(server, { report: anAnomalyReport({ num_anomalies: anomalies }) });
      await openDashboard();
      await screen.findByText(`Anomalies Detected: ${anomalies}`);

      const index = card('Bridge Condition Index');
      const facts = Object.fromEntries(
        [...index.querySelectorAll('dt')].map((dt) => [
          dt.textContent,
          dt.nextElementSibling?.textContent,
        ]),
      );
      expect(facts.Condition).toBe(condition);
      expect(facts['Days to next inspection']).toBe(days);
      expect(facts['Last updated']).toBeTruthy();
      expect(facts['Threat level']).toBe(anomalies > 0 ? threat : undefined);

      const gaugeImage = within(card('Health Score')).getByRole('img', {
        name: `Health score ${gauge} out of 100 (${colour})`,
      });
      expect(gaugeImage).toHaveAttribute('data-colour', colour);
      expect(gaugeImage).toHaveTextContent(String(gauge));

      const system = card('Bridge Condition Index System');
      expect(system).toHaveTextContent(`Condition${condition}`);
      expect(system).toHaveTextContent(`Threat${threat}`);
      expect(within(system).getByText(/\d{4}/).closest('time')).toHaveAttribute('datetime');

      expect(card('Current situation')).toHaveTextContent(
        anomalies === 0 ? 'Normal Operation' : `${anomalies} Anomalies Detected`,
      );
      expect(card('Bridge Monitoring Status')).toHaveTextContent('Last updated:');
    },
  );

  it('shows a calm "not assessed yet" state with the server\'s reason on 409', async () => {
    serveDashboard(server);
    server.use(
      http.get(ANOMALIES, () =>
        HttpResponse.json({ detail: 'No trained model for this bridge yet' }, { status: 409 }),
      ),
    );
    await openDashboard();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Not assessed yet' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No trained model for this bridge yet')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Anomalies Detected/)).not.toBeInTheDocument();
    // What does not depend on a model still shows.
    expect(card(/^Active Alerts/)).toBeInTheDocument();
  });

  it('refreshes every 300000 ms (spec §9)', () => {
    expect(DASHBOARD_REFRESH_MS).toBe(300_000);
    const options = anomalyReportQueryOptions(createApiClient(), 'any');
    expect(options.refetchInterval).toBe(300_000);
  });
});

describe('dashboard errors (spec §8)', () => {
  it('shows a spinner while fetching', async () => {
    serveDashboard(server);
    server.use(http.get(ANOMALIES, () => new Promise<never>(() => undefined)));
    await openDashboard();
    expect(await screen.findByText('Loading bridge health')).toBeInTheDocument();
    expect(screen.queryByText(/Anomalies Detected/)).not.toBeInTheDocument();
  });

  it.each([
    ['the server detail', { detail: 'Detector crashed' }, 500, 'Detector crashed'],
    ['no detail', {}, 500, 'Failed to fetch anomaly count'],
    [
      'no num_anomalies',
      { sid: 'Confederation Bridge' },
      200,
      'Invalid response format from anomaly API',
    ],
  ])('shows the error alert for %s', async (_case, body, status, text) => {
    serveDashboard(server);
    server.use(http.get(ANOMALIES, () => HttpResponse.json(body, { status })));
    await openDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("shows 'An unexpected error occurred' when no answer comes", async () => {
    serveDashboard(server);
    server.use(http.get(ANOMALIES, () => HttpResponse.error()));
    await openDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });
});

describe('alerts (spec §2)', () => {
  it("says 'No active alerts' when the bridge has none", async () => {
    serveDashboard(server, {
      alerts: [
        anAlert({ id: 5, state: 'acknowledged', acknowledged_by: { id: 7, username: 'ada' } }),
      ],
    });
    await openDashboard();
    const alerts = await findCard(/^Active Alerts/);
    expect(await within(alerts).findByText('No active alerts')).toBeInTheDocument();
    expect(alerts).toHaveTextContent('Active Alerts0 active');
    expect(within(alerts).getByRole('list', { name: 'Acknowledged alerts' })).toHaveTextContent(
      'acknowledged by ada',
    );
  });

  it('Dismiss acknowledges each shown alert, then the list says No active alerts', async () => {
    let alerts = [
      anAlert({ id: 11, type: 'Structural Warning', severity: 'High' }),
      anAlert({ id: 12, type: 'Anomaly Detection' }),
    ];
    const acknowledged: number[] = [];
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 4 }) });
    server.use(
      http.get(apiUrl('/api/v1/alerts'), ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('bridge')).toBe(String(confederation.id));
        return HttpResponse.json(alerts);
      }),
      http.post(apiUrl('/api/v1/alerts/:id/acknowledge'), ({ params, request }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer access-1');
        const id = Number(params.id);
        acknowledged.push(id);
        alerts = alerts.map((a) => (a.id === id ? { ...a, state: 'acknowledged' as const } : a));
        return HttpResponse.json(alerts.find((a) => a.id === id));
      }),
    );
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(card(/^Active Alerts/)).toHaveTextContent('Active Alerts2 active');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));

    expect(await within(card(/^Active Alerts/)).findByText('No active alerts')).toBeInTheDocument();
    expect(acknowledged.sort()).toEqual([11, 12]);
    expect(screen.getByRole('list', { name: 'Acknowledged alerts' }).children).toHaveLength(2);
  });

  it('View Details shows the windows and the data streams behind an alert', async () => {
    serveDashboard(server, { alerts: [anAlert({ id: 21 })] });
    await openDashboard();
    await screen.findByRole('list', { name: 'Active alerts' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));

    const dialog = screen.getByRole('dialog', { name: 'Alert details' });
    expect(dialog).toHaveTextContent('Anomaly Detection');
    expect(dialog).toHaveTextContent('Critical');
    expect(dialog).toHaveTextContent('4 anomalies detected');
    const windows = within(dialog).getByRole('list', { name: 'Windows of Anomaly Detection' });
    expect(windows.children).toHaveLength(1);
    expect(windows).toHaveTextContent('error 0.0520');
    expect(
      within(dialog).getByRole('list', { name: 'Data streams of Anomaly Detection' }),
    ).toHaveTextContent('CB-acc-z (sensors CB-ACC-1, CB-ACC-2)');
  });
});

describe('map, charts and readings', () => {
  it('shows the bridge on the mini map', async () => {
    serveDashboard(server);
    await openDashboard();
    expect(await findCard('Bridge Locations')).toHaveTextContent('46.2000, -63.7000');
    expect(
      within(card('Bridge Locations')).getByRole('group', { name: 'Map of Confederation Bridge' }),
    ).toBeInTheDocument();
  });

  it('says so when the bridge has no valid location', async () => {
    serveDashboard(server);
    await openDashboard(unlocated.id);
    await screen.findByRole('heading', {
      level: 1,
      name: 'Hartland Covered Bridge Health condition',
    });
    expect(await findCard('Bridge Locations')).toHaveTextContent('no valid map location');
  });

  it('steps through the reconstruction-error chart from the keyboard', async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 1 }) });
    await openDashboard();
    const chart = within(await findCard('Reconstruction error')).getByRole('slider');
    const user = userEvent.setup();
    chart.focus();
    expect(chart).toHaveAttribute('aria-valuenow', '4');
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(chart).toHaveAttribute('aria-valuenow', '2');
    expect(chart.getAttribute('aria-valuetext')).toMatch(/error 0\.0520, anomalous/);
  });

  it("charts the bridge's own data streams and changes the range", async () => {
    const ranges: string[] = [];
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/datastreams/:id/readings'), ({ params, request }) => {
        const url = new URL(request.url);
        ranges.push(`${params.id} ${url.searchParams.get('from')} ${url.searchParams.get('to')}`);
        return HttpResponse.json({
          datastream: Number(params.id),
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          level: 'minute',
          points: [],
        });
      }),
    );
    await openDashboard();
    const readings = await screen.findByRole('region', { name: 'Sensor readings' });
    expect(
      await within(readings).findByRole('heading', { level: 3, name: 'CB-acc-z (acceleration)' }),
    ).toBeInTheDocument();
    expect(within(readings).queryByText(/LG-acc-x/)).not.toBeInTheDocument();
    await waitFor(() => expect(ranges).toHaveLength(1));
    // The range ends at the stream's newest sample.
    expect(ranges[0]).toBe('41 2026-11-19T09:00:00.001Z 2026-11-20T09:00:00.001Z');

    await userEvent.setup().click(within(readings).getByRole('button', { name: '7 d' }));
    await waitFor(() => expect(ranges).toHaveLength(2));
    expect(ranges[1]).toBe('41 2026-11-13T09:00:00.001Z 2026-11-20T09:00:00.001Z');
    expect(within(readings).getByRole('button', { name: '7 d' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('downloads the range as CSV through the API with the bearer token', async () => {
    let authorization: string | null = null;
    serveDashboard(server);
    server.use(
      http.get(apiUrl('/api/v1/datastreams/:id/readings.csv'), ({ request }) => {
        authorization = request.headers.get('Authorization');
        return new HttpResponse('timestamp,value\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await openDashboard();
    const button = await screen.findByRole('button', { name: 'Download CSV (CB-acc-z)' });
    await userEvent.setup().click(button);
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(authorization).toBe('Bearer access-1');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
