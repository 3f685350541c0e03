import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';

import {
  type Account,
  DEMO_OPERATOR as OPERATOR,
  DEMO_STAFF as STAFF,
  openSignedIn,
} from '../helpers/e2e-session';
import { mapRegion } from '../helpers/e2e-map';
import { loaded } from '../helpers/e2e-loaded';

// The per-bridge dashboard against the real server and its demo data (issue 6). The operator
// sees Jacques Cartier (healthy), Lions Gate (a faulty and a silent sensor) and Confederation
// Bridge, which the demo data damages, so its evaluation raises alerts.
const HEALTHY = 'Jacques Cartier Bridge';
const DAMAGED = 'Confederation Bridge';
const FAULTY = 'Lions Gate Bridge';
// Screenshots for the review of issue 18 go here when set (never into the repository).
const SHOTS_DIR = process.env.DASHBOARD_SHOTS_DIR;
// The server trains and evaluates each demo bridge in the background after it starts.
const EVALUATION_TIMEOUT_MS = 300_000;
// A page load waits on several API calls while the server is still writing its demo history and
// feeding live data: on a busy 2-core machine that has taken over 5 seconds.

async function signIn(page: Page, account: Account = OPERATOR) {
  await openSignedIn(page, account, '/map');
  await loaded(page).toHaveURL('/map');
}

/** The API as the page itself calls it: with the access token the page holds. */
async function pageApi(page: Page) {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  if (!token) throw new Error('the page holds no access token');
  const headers = { Authorization: `Bearer ${token}` };
  const request: APIRequestContext = page.request;
  return {
    async get(path: string) {
      const response = await request.get(path, { headers });
      return { status: response.status(), body: (await response.json()) as unknown };
    },
    async post(path: string, data: unknown) {
      const response = await request.post(path, { headers, data });
      return { status: response.status(), body: (await response.json()) as unknown };
    },
    async delete(path: string) {
      const response = await request.delete(path, { headers });
      return { status: response.status() };
    },
  };
}

async function bridgeId(page: Page, name: string): Promise<number> {
  const api = await pageApi(page);
  const { body } = await api.get('/api/v1/bridges');
  const bridge = (body as { id: number; name: string }[]).find((b) => b.name === name);
  if (!bridge) throw new Error(`${name} is not among the operator's bridges`);
  return bridge.id;
}

/** Waits until the bridge's first evaluation exists and returns the API's answer. */
async function evaluation(page: Page, name: string) {
  const api = await pageApi(page);
  const path = `/api/v1/ai/anomalies?sid=${encodeURIComponent(name)}`;
  let answer = await api.get(path);
  await expect
    .poll(
      async () => {
        answer = await api.get(path);
        return answer.status;
      },
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBe(200);
  return answer.body as { num_anomalies: number };
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name: `${name} Health condition` });

test("clicking a marker opens that bridge's dashboard", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await mapRegion(page)
    .getByRole('button', { name: new RegExp(`^${HEALTHY},`) })
    .click();

  await loaded(page).toHaveURL(/\/dashboard\?bridge=\d+&name=Jacques\+Cartier\+Bridge$/);
  await loaded(heading(page, HEALTHY)).toBeVisible();
  await page.getByRole('link', { name: /Back to map/ }).click();
  await loaded(page).toHaveURL('/map');
});

test('/dashboard without a bridge goes to /map', async ({ page }) => {
  await signIn(page);
  await page.goto('/dashboard');
  await loaded(page).toHaveURL('/map');
  await page.goto('/dashboard?bridge=not-a-number');
  await loaded(page).toHaveURL('/map');
});

test('a reload keeps the bridge', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const id = await bridgeId(page, HEALTHY);
  await page.goto(`/dashboard?bridge=${id}`);
  await loaded(heading(page, HEALTHY)).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(`/dashboard?bridge=${id}`);
  await loaded(heading(page, HEALTHY)).toBeVisible();
});

test("the dashboard's anomaly count equals the API's", async ({ page }) => {
  test.setTimeout(EVALUATION_TIMEOUT_MS + 30_000);
  await signIn(page);
  // The damaged bridge is the first the server evaluates, so this waits least.
  const id = await bridgeId(page, DAMAGED);
  const report = await evaluation(page, DAMAGED);

  await page.goto(`/dashboard?bridge=${id}`);
  await loaded(page.getByText(`Anomalies Detected: ${report.num_anomalies}`)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

async function shot(page: Page, name: string, fullPage = true) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage });
}

type ActiveAlert = { id: number; type: string };

/** The first of `names` with an active alert (polling while the server raises them). */
async function bridgeWithActiveAlert(page: Page, names: readonly string[]) {
  const api = await pageApi(page);
  const ids = await Promise.all(names.map((name) => bridgeId(page, name)));
  let found: { id: number; alert: ActiveAlert } | undefined;
  await expect
    .poll(
      async () => {
        for (const id of ids) {
          const { body } = await api.get(`/api/v1/alerts?bridge=${id}&state=active`);
          const [alert] = body as ActiveAlert[];
          if (alert) {
            found = { id, alert };
            return true;
          }
        }
        return false;
      },
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBe(true);
  if (!found) throw new Error('no active alert');
  return found;
}

const NO_DATA_SENSOR = 'e2e-no-data-acc';
const NO_DATA_BRIDGE = 'E2E Bridge Without Data';

/**
 * A bridge outside the demo feed given a span, a sensor and a data stream that never sends:
 * 'sensors but no data'. Made once per server through the staff API.
 */
async function bridgeWithoutData(
  page: Page,
): Promise<{ id: number; name: string; streamId?: number }> {
  const api = await pageApi(page);
  const bridges = (await api.get('/api/v1/bridges')).body as { id: number; name: string }[];
  const sensors = (await api.get('/api/v1/sensors')).body as {
    bridge: number;
    sensor_id: string;
  }[];
  const existing = sensors.find((s) => s.sensor_id === NO_DATA_SENSOR);
  const found = existing && bridges.find((b) => b.id === existing.bridge);
  if (found) return found;
  // Every demo bridge has data (issue 17), so the test makes a bridge of its own.
  const created = (await api.post('/api/v1/bridges/create', {
    name: NO_DATA_BRIDGE,
    location: 'Test river',
    construction_date: '2001-05-01',
    latitude: 45.5,
    longitude: -73.5,
  })) as { status: number; body: { id: number; name: string } };
  expect(created.status).toBe(201);
  const bridge = { id: created.body.id, name: created.body.name };
  const span = (await api.post('/api/v1/spans/create', {
    bridge: bridge.id,
    span_id: 'e2e_no_data_span',
    length: 120,
  })) as { status: number; body: { id: number } };
  expect(span.status).toBe(201);
  const sensor = (await api.post('/api/v1/sensors/create', {
    bridge: bridge.id,
    span: span.body.id,
    sensor_id: NO_DATA_SENSOR,
    type: 'accelerometer',
    status: 'active',
    installation_date: '2026-01-15',
  })) as { status: number; body: { id: number } };
  expect(sensor.status).toBe(201);
  const stream = (await api.post('/api/v1/datastreams/create', {
    stream_id: NO_DATA_SENSOR,
    data_type: 'acceleration',
    sensors: [sensor.body.id],
  })) as { status: number; body: { id: number } };
  expect(stream.status).toBe(201);
  return { ...bridge, streamId: stream.body.id };
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`issue 18 at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the status strip comes first and agrees with the evaluation; axe is clean', async ({
      page,
    }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS + 60_000);
      await signIn(page);
      const id = await bridgeId(page, DAMAGED);
      const report = await evaluation(page, DAMAGED);
      await page.goto(`/dashboard?bridge=${id}`);
      const strip = page.getByRole('region', { name: `Status of ${DAMAGED}` });
      await loaded(strip).toBeVisible();
      // Condition first: the strip starts within the first screen, on a phone too.
      const box = await strip.boundingBox();
      expect(box?.y ?? Infinity).toBeLessThan(viewport.height / 2);
      const situation = strip.getByRole('region', { name: 'Current situation' });
      await expect(situation).toContainText(
        report.num_anomalies === 0
          ? /Normal Operation|Sensor offline/
          : `${report.num_anomalies} Anomalies Detected`,
      );
      await expect(strip.getByRole('region', { name: 'Bridge Condition Index' })).toContainText(
        // One count in one unit (issue 36): the windows are not counted beside the episodes.
        /anomaly episodes? in the last \d+ days? of data(?!;)/,
      );
      await expect(strip.getByRole('region', { name: 'Health Score' })).toContainText(
        '90 Good (no anomaly episode)',
      );
      await expect(page.getByText(`Anomalies Detected: ${report.num_anomalies}`)).toBeVisible();
      // The prediction is drawn in SVG on screen, and the server's PNG is there to download.
      const prediction = page.getByRole('region', { name: 'Prediction' });
      await loaded(prediction.getByRole('slider')).toBeVisible();
      await loaded(
        prediction.getByRole('link', { name: 'Download the prediction chart (PNG)' }),
      ).toBeVisible();
      await expect(page.getByText('Loading the forecast')).toHaveCount(0);
      await shot(page, `critical-${viewport.name}-first-screen`, false);
      await shot(page, `critical-${viewport.name}-full`);
      // Then the alarms: the active alerts' title is on the first screen, on a phone too.
      const alerts = page.getByRole('heading', { name: /^Active Alerts/ });
      const alertsBox = await alerts.boundingBox();
      expect((alertsBox?.y ?? Infinity) + (alertsBox?.height ?? 0)).toBeLessThan(viewport.height);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('an alert is acknowledged on its own, only with a comment', async ({ page }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS + 60_000);
      await signIn(page);
      // Lions Gate's silent stream raises 'Sensor offline'; the damaged bridge raises the rest.
      const { id, alert } = await bridgeWithActiveAlert(page, [FAULTY, DAMAGED]);
      await page.goto(`/dashboard?bridge=${id}`);
      const list = page.getByRole('list', { name: 'Active alerts' });
      const item = list.getByRole('listitem').filter({ hasText: alert.type }).first();
      await loaded(item).toBeVisible();
      await expect(item).toContainText('Sensor');
      await expect(item).toContainText('Trigger');
      await expect(item).toContainText('What to do');

      await page.getByRole('button', { name: 'View Details' }).click();
      const details = page.getByRole('dialog', { name: 'Alert details' });
      await expect(details).toBeFocused();
      await expect(details.getByRole('heading', { name: 'Anomaly episodes' })).toBeVisible();
      expect(await details.evaluate((d) => d.scrollTop)).toBe(0);
      await shot(page, `alert-details-${viewport.name}`, false);
      await details.getByRole('button', { name: 'Close' }).click();

      await item.getByRole('button', { name: 'Acknowledge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Acknowledge alert' });
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(dialog.getByText('Comment is required')).toBeVisible();
      await dialog
        .getByRole('textbox', { name: 'Comment (required)' })
        .fill(`Seen on ${viewport.name}`);
      await shot(page, `acknowledge-${viewport.name}`, false);
      await dialog.getByRole('button', { name: 'Acknowledge' }).click();
      await expect(dialog).toHaveCount(0);
      const acknowledged = page.getByRole('list', { name: 'Acknowledged alerts' });
      await loaded(acknowledged).toContainText(`Seen on ${viewport.name}`);

      const api = await pageApi(page);
      const stored = (await api.get(`/api/v1/alerts?bridge=${id}&state=acknowledged`)).body as {
        id: number;
        comment: string | null;
      }[];
      expect(stored.find((a) => a.id === alert.id)?.comment).toBe(`Seen on ${viewport.name}`);
    });

    test('the bridge switcher opens another bridge', async ({ page }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS + 60_000);
      await signIn(page);
      const from = await bridgeId(page, DAMAGED);
      const to = await bridgeId(page, HEALTHY);
      await page.goto(`/dashboard?bridge=${from}`);
      const switcher = page.getByRole('combobox', { name: 'Bridge' });
      await loaded(switcher).toBeVisible();
      await switcher.selectOption(String(to));
      await loaded(page).toHaveURL(
        `/dashboard?bridge=${to}&name=${encodeURIComponent(HEALTHY).replaceAll('%20', '+')}`,
      );
      await loaded(heading(page, HEALTHY)).toBeVisible();
      await loaded(page.getByRole('region', { name: `Status of ${HEALTHY}` })).toBeVisible();
      await expect(page.getByText('Loading bridge health')).toHaveCount(0);
      await shot(page, `healthy-${viewport.name}-full`);
    });

    test('a bridge with sensors but no data says so and offers nothing to download', async ({
      page,
    }) => {
      await signIn(page, STAFF);
      const bridge = await bridgeWithoutData(page);
      await page.goto(`/dashboard?bridge=${bridge.id}`);
      await loaded(heading(page, bridge.name)).toBeVisible();
      const card = page.getByRole('region', { name: 'Not assessed yet' });
      await loaded(card).toContainText('but no data has arrived');
      await expect(page.getByText(/No trained model/)).toHaveCount(0);
      const strip = page.getByRole('region', { name: `Status of ${bridge.name}` });
      await expect(strip).toContainText('Not assessed');
      await expect(strip).toContainText('Never');
      const readings = page.getByRole('region', { name: 'Sensor readings' });
      await expect(readings).toContainText('Installed, not reporting');
      await expect(
        readings.getByRole('button', { name: `Download CSV (${NO_DATA_SENSOR})` }),
      ).toBeDisabled();
      await shot(page, `no-data-${viewport.name}-full`);
      expect(await seriousViolations(page)).toEqual([]);
      // The bridge is the test's own: gone again, the map's counts stay the demo's.
      const api = await pageApi(page);
      if (bridge.streamId !== undefined) {
        await api.delete(`/api/v1/datastreams/${bridge.streamId}/delete`);
      }
      const removed = await api.delete(`/api/v1/bridges/${bridge.id}/delete?cascade=true`);
      expect(removed.status).toBeLessThan(300);
    });
  });
}

test('the damaged demo bridge shows its alerts, and Dismiss acknowledges them', async ({
  page,
}) => {
  test.setTimeout(EVALUATION_TIMEOUT_MS + 30_000);
  await signIn(page);
  const id = await bridgeId(page, DAMAGED);
  const report = await evaluation(page, DAMAGED);
  expect(report.num_anomalies).toBeGreaterThan(0);
  const api = await pageApi(page);
  type StoredAlert = { id: number; type: string };
  let active: StoredAlert[] = [];
  // Alerts are raised right after the evaluation is stored.
  await expect
    .poll(
      async () => {
        active = (await api.get(`/api/v1/alerts?bridge=${id}&state=active`)).body as StoredAlert[];
        return active.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);

  await page.goto(`/dashboard?bridge=${id}`);
  await loaded(page.getByText(`Anomalies Detected: ${report.num_anomalies}`)).toBeVisible();
  const list = page.getByRole('list', { name: 'Active alerts' });
  // The demo is live: an alert raised between the API's answer and the page's is on both once
  // the page has asked again, so the two are compared as they are now.
  await loaded
    .poll(async () => {
      active = (await api.get(`/api/v1/alerts?bridge=${id}&state=active`)).body as StoredAlert[];
      return (await list.getByRole('listitem').count()) === active.length;
    })
    .toBe(true);
  for (const alert of active) await expect(list).toContainText(alert.type);

  await page.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Alert details' });
  await expect(details).toContainText(active[0]?.type ?? '');
  await details.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'Dismiss' }).click();
  const confirm = page.getByRole('dialog', { name: 'Dismiss active alerts' });
  await confirm.getByRole('textbox', { name: 'Comment (required)' }).fill('Inspection booked');
  await confirm.getByRole('button', { name: /^Acknowledge \d+ alerts?$/ }).click();
  await loaded(page.getByText('No active alerts')).toBeVisible();
  // Stored on the server, with the user who dismissed them.
  const after = await api.get(`/api/v1/alerts?bridge=${id}&state=active`);
  expect(after.body).toEqual([]);
  const acknowledged = (await api.get(`/api/v1/alerts?bridge=${id}&state=acknowledged`)).body as {
    id: number;
    acknowledged_by: { username: string } | null;
    comment: string | null;
  }[];
  const me = (await api.get('/api/v1/user/me')).body as { username: string };
  for (const alert of active) {
    const stored = acknowledged.find((a) => a.id === alert.id);
    expect(stored?.acknowledged_by?.username).toBe(me.username);
    expect(stored?.comment).toBe('Inspection booked');
  }
  await page.reload();
  await loaded(page.getByText('No active alerts')).toBeVisible();
});
