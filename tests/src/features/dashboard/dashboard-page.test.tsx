import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_REFRESH_MS } from '../../../../src/api/queries/analytics';
import { dashboardQueries } from '../../../../src/features/dashboard/dashboard-queries';
import { createApiClient } from '../../../../src/api/client';
import { apiUrl, setupMswServer } from '../../../helpers/msw';
import { renderApp } from '../../../helpers/render-app';
import { formatCalendarDate } from '../../../../domain/formats';
import { COMMENT_REQUIRED } from '../../../../src/features/dashboard/acknowledge-dialog';
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
  it("shows 'Anomalies Detected: N' with its period, the chart in SVG and the PNG to download", async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 4, anomaly_count: 9 }) });
    const { unmount } = await openDashboard();
    expect(await screen.findByText('Anomalies Detected: 4')).toBeInTheDocument();
    const prediction = card('Prediction');
    // One count in one unit (issue 36): the windows are not a second count beside the episodes.
    expect(prediction).not.toHaveTextContent(/anomalous 10-minute windows/);
    expect(card('Bridge Condition Index')).toHaveTextContent(
      '4 anomaly episodes in the last 1 day of data',
    );
    expect(
      await within(prediction).findByRole('slider', {
        name: /^First natural frequency: history and 30-day forecast/,
      }),
    ).toBeInTheDocument();
    const download = await within(prediction).findByRole('link', {
      name: 'Download the prediction chart (PNG)',
    });
    expect(download).toHaveAttribute('href', 'blob:prediction-chart');
    expect(download).toHaveAttribute('download', 'Confederation-Bridge-prediction.png');
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
      // The condition word, then what the data behind it can be trusted for (issue 36).
      expect(facts.Condition).toBe(`${condition} 1 of 1 stream reporting`);
      const conditionFact = [...index.querySelectorAll('dt')].find(
        (dt) => dt.textContent === 'Condition',
      )?.nextElementSibling;
      expect(conditionFact?.firstElementChild).toHaveTextContent(new RegExp(`^${condition}$`));
      expect(facts['Days to next maintenance']).toBe(days);
      // When the condition was assessed; 'Last updated' is said once, of the page (issue 36).
      expect(facts.Assessed).toBeTruthy();
      expect(facts['Last updated']).toBeUndefined();
      expect(facts['Threat level']).toBe(anomalies > 0 ? threat : undefined);

      const gaugeImage = within(card('Health Score')).getByRole('img', {
        name: `Health score ${gauge} out of 100: ${condition} (${colour})`,
      });
      expect(gaugeImage).toHaveAttribute('data-colour', colour);
      expect(gaugeImage).toHaveTextContent(String(gauge));
      // Poor and Critical share 60: the word under the number tells them apart.
      expect(gaugeImage).toHaveTextContent(condition);

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

  it('counts down to the maintenance fixed when the condition was reached: Poor for 10 days is due in 20', async () => {
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    serveDashboard(server, {
      report: anAnomalyReport({
        num_anomalies: 4,
        condition_since: new Date(today - 10 * day + 3_600_000).toISOString(),
      }),
    });
    await openDashboard();
    await screen.findByText('Anomalies Detected: 4');
    const index = card('Bridge Condition Index');
    const days = within(index).getByText('Days to next maintenance').nextElementSibling;
    expect(days).toHaveTextContent(/^20$/);
    const due = new Date(today + 20 * day).toISOString().slice(0, 10);
    expect(card('Bridge Condition Index System')).toHaveTextContent(
      `Next maintenance${formatCalendarDate(due)}`,
    );
  });

  it('shows a calm "not assessed yet" state in plain words on 409, never the server\'s reason', async () => {
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
    expect(screen.queryByText(/No trained model/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Anomalies Detected/)).not.toBeInTheDocument();
    // What does not depend on a model still shows.
    expect(card(/^Active Alerts/)).toBeInTheDocument();
  });

  it('refreshes every 300000 ms (spec §9), only while the page is visible', () => {
    expect(DASHBOARD_REFRESH_MS).toBe(300_000);
    const api = createApiClient();
    for (const options of [
      dashboardQueries.bridges(api),
      dashboardQueries.anomalies(api, 'any'),
      dashboardQueries.alerts(api, 1),
      dashboardQueries.forecast(api, 'any'),
      dashboardQueries.prediction(api, 'any'),
      dashboardQueries.datastreams(api, 1),
      dashboardQueries.sensors(api, 1),
      dashboardQueries.spans(api, 1),
      dashboardQueries.fatigue(api, 1),
      dashboardQueries.inspections(api, 1),
    ]) {
      expect(options.refetchInterval).toBe(300_000);
      expect(options.refetchIntervalInBackground).toBe(false);
    }
  });
});

describe('every card says when it was last updated (issue 17)', () => {
  it('shows "Updated <time>" on the alerts, the prediction and the readings', async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 1 }) });
    await openDashboard();
    await screen.findByText('Anomalies Detected: 1');
    for (const name of [/^Active Alerts/, 'Prediction', 'Sensor readings']) {
      const updated = within(card(name)).getByText(/^Updated/);
      expect(updated.querySelector('time')).toHaveAttribute(
        'datetime',
        expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      );
    }
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
      'by ada',
    );
  });

  it('Dismiss asks for confirmation and a comment, then acknowledges each shown alert', async () => {
    let alerts = [
      anAlert({ id: 11, type: 'Structural Warning', severity: 'High' }),
      anAlert({ id: 12, type: 'Anomaly Detection' }),
    ];
    const acknowledged: { id: number; comment: unknown }[] = [];
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 4 }) });
    server.use(
      http.get(apiUrl('/api/v1/alerts'), ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('bridge')).toBe(String(confederation.id));
        return HttpResponse.json(alerts);
      }),
      http.post(apiUrl('/api/v1/alerts/:id/acknowledge'), async ({ params, request }) => {
        expect(request.headers.get('Authorization')).toBe('Bearer access-1');
        const id = Number(params.id);
        const body = (await request.json()) as { comment?: unknown };
        acknowledged.push({ id, comment: body.comment });
        alerts = alerts.map((a) => (a.id === id ? { ...a, state: 'acknowledged' as const } : a));
        return HttpResponse.json(alerts.find((a) => a.id === id));
      }),
    );
    await openDashboard();
    const list = await screen.findByRole('list', { name: 'Active alerts' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(card(/^Active Alerts/)).toHaveTextContent('Active Alerts2 active');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss active alerts' });
    expect(dialog).toHaveTextContent('Structural Warning (High)');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge 2 alerts' }));
    expect(
      within(dialog).getByRole('textbox', { name: 'Comment (required)' }),
    ).toHaveAccessibleDescription(COMMENT_REQUIRED);
    expect(acknowledged).toEqual([]);

    await user.type(within(dialog).getByRole('textbox'), '  Crew on site  ');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge 2 alerts' }));

    expect(await within(card(/^Active Alerts/)).findByText('No active alerts')).toBeInTheDocument();
    expect(acknowledged.sort((a, b) => a.id - b.id)).toEqual([
      { id: 11, comment: 'Crew on site' },
      { id: 12, comment: 'Crew on site' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Acknowledged alerts' }).children).toHaveLength(2);
  });

  it('Cancel in the Dismiss dialog acknowledges nothing', async () => {
    let posted = 0;
    serveDashboard(server, { alerts: [anAlert({ id: 31 })] });
    server.use(
      http.post(apiUrl('/api/v1/alerts/:id/acknowledge'), () => {
        posted += 1;
        return HttpResponse.json({});
      }),
    );
    await openDashboard();
    await screen.findByRole('list', { name: 'Active alerts' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toBe(0);
    expect(screen.getByRole('list', { name: 'Active alerts' }).children).toHaveLength(1);
  });

  it('View Details shows the episodes, not the windows, each with a chart, and opens at the top', async () => {
    const report = anAnomalyReport({
      num_anomalies: 1,
      events: [
        {
          start: '2026-11-13T00:20:00.000Z',
          end: '2026-11-13T00:40:00.000Z',
          windows: 2,
          peak_error: 0.052,
          top_contributors: [{ feature: 'span-1-acc:f1', datastream: 'CB-acc-z', share: 0.8 }],
        },
      ],
    });
    serveDashboard(server, { report, alerts: [anAlert({ id: 21 })] });
    await openDashboard();
    await screen.findByRole('list', { name: 'Active alerts' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'View Details' }));

    const dialog = screen.getByRole('dialog', { name: 'Alert details' });
    expect(dialog).toHaveFocus();
    expect(dialog).toHaveTextContent('Anomaly Detection');
    expect(dialog).toHaveTextContent('Critical');
    expect(dialog).toHaveTextContent('Detector over CB-acc-z (sensor CB-ACC-1, CB-ACC-2)');
    expect(dialog).toHaveTextContent('Peak error 0.0520 against the threshold 0.0300');
    const episodes = within(dialog).getByRole('list', { name: 'Anomaly episodes' });
    expect(episodes.children).toHaveLength(1);
    expect(episodes).toHaveTextContent('for 20 minutes');
    expect(episodes).toHaveTextContent('2 anomalous 10-minute windows; peak error 0.0520');
    expect(episodes).toHaveTextContent('mostly CB-acc-z (80 %)');
    expect(
      within(episodes).getByRole('slider', { name: /^Detector error around the episode/ }),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/error 0\.0110/);
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
    // The page's prediction request is answered before the test ends: once it arrived
    // after this test's handlers were reset, and failed the next test as unhandled (CI, loaded).
    await findCard('Reconstruction error');
  });

  it('steps through the reconstruction-error chart from the keyboard', async () => {
    serveDashboard(server, { report: anAnomalyReport({ num_anomalies: 1 }) });
    await openDashboard();
    const chart = within(await findCard('Reconstruction error')).getByRole('slider');
    const user = userEvent.setup();
    // Cards below draw after it (decision 062): the keys go to the chart once it holds focus.
    await waitFor(() => {
      chart.focus();
      expect(chart).toHaveFocus();
    });
    expect(chart).toHaveAttribute('aria-valuenow', '4');
    await user.keyboard('{Home}{ArrowRight}{ArrowRight}');
    expect(chart).toHaveAttribute('aria-valuenow', '2');
    expect(chart.getAttribute('aria-valuetext')).toMatch(/error 0\.0520, anomalous/);
  });

  it("asks the server for the bridge's own data streams and sensors, charts them and changes the range", async () => {
    // A Set: the tests' query cache keeps nothing fresh, so the page may ask for a range twice.
    const ranges = new Set<string>();
    const structureQueries: string[] = [];
    serveDashboard(server);
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (/^\/api\/v1\/(spans|sensors|datastreams)$/.test(url.pathname))
        structureQueries.push(`${url.pathname}${url.search}`);
    });
    server.use(
      http.get(apiUrl('/api/v1/datastreams/:id/readings'), ({ params, request }) => {
        const url = new URL(request.url);
        ranges.add(`${params.id} ${url.searchParams.get('from')} ${url.searchParams.get('to')}`);
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
      await within(readings).findByRole('heading', {
        level: 3,
        name: 'Accelerometer, span west_span: acceleration',
      }),
    ).toBeInTheDocument();
    expect(within(readings).queryByText(/LG-acc-x/)).not.toBeInTheDocument();
    server.events.removeAllListeners();
    expect(new Set(structureQueries)).toEqual(
      new Set([
        `/api/v1/spans?bridge=${confederation.id}`,
        `/api/v1/sensors?bridge=${confederation.id}`,
        `/api/v1/datastreams?bridge=${confederation.id}`,
      ]),
    );
    // The range ends at the stream's newest sample.
    await waitFor(() =>
      expect([...ranges]).toEqual(['41 2026-11-19T09:00:00.001Z 2026-11-20T09:00:00.001Z']),
    );

    await userEvent.setup().click(within(readings).getByRole('button', { name: '7 d' }));
    await waitFor(() => expect(ranges.size).toBe(2));
    expect([...ranges][1]).toBe('41 2026-11-13T09:00:00.001Z 2026-11-20T09:00:00.001Z');
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
