import { type Page, expect, test } from '@playwright/test';
import { DEMO_OPERATOR, openSignedIn } from '../helpers/e2e-session';
import { loaded } from '../helpers/e2e-loaded';

// Issue 36, items 2, 5 and 6, on the demo data at both sizes: the evidence agrees with the
// verdict, one card per alert with its own acts, one count in one unit, one 'Last updated', and
// Critical said in words beside the spec's shared score of 60.
const DAMAGED = 'Confederation Bridge';
const HEALTHY = 'Jacques Cartier Bridge';
// The server trains and evaluates each demo bridge in the background after it starts. Jacques
// Cartier's main span carries six accelerometers since decision 076's amendment, and its first
// evaluation took over 300 s on a loaded 2-core machine (it took 2.7 min with one).
const EVALUATION_TIMEOUT_MS = 480_000;

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
] as const;

type Episode = { start: string; end: string };
type Report = { num_anomalies: number; events: Episode[] };
type StoredAlert = {
  id: number;
  type: string;
  message: string;
  cause: { physical_change?: { feature: string } | null };
};

async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const response = await page.request.get(path, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  return { status: response.status(), body: (await response.json()) as T };
}

async function bridgeId(page: Page, name: string): Promise<number> {
  const { body } = await apiGet<{ id: number; name: string }[]>(page, '/api/v1/bridges');
  const found = body.find((b) => b.name === name);
  if (!found) throw new Error(`${name} is not among the operator's bridges`);
  return found.id;
}

/** The bridge's evaluation once it exists. */
async function evaluation(page: Page, name: string): Promise<Report> {
  const path = `/api/v1/ai/anomalies?sid=${encodeURIComponent(name)}`;
  let answer = await apiGet<Report>(page, path);
  await expect
    .poll(
      async () => {
        answer = await apiGet<Report>(page, path);
        return answer.status;
      },
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBe(200);
  return answer.body;
}

/** The damaged bridge's active alerts once the one stating a frequency change is raised. */
async function alertsWithChange(page: Page, id: number): Promise<StoredAlert[]> {
  let alerts: StoredAlert[] = [];
  await expect
    .poll(
      async () => {
        alerts = (await apiGet<StoredAlert[]>(page, `/api/v1/alerts?bridge=${id}&state=active`))
          .body;
        return alerts.some((a) => a.cause.physical_change);
      },
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [2_000] },
    )
    .toBe(true);
  return alerts;
}

const DAY_MS = 86_400_000;
/** Calendar days (UTC) any episode touches. */
function episodeDays(events: readonly Episode[]): number {
  const days = new Set<number>();
  for (const e of events) {
    const last = Math.floor(Date.parse(e.end) / DAY_MS);
    for (let d = Math.floor(Date.parse(e.start) / DAY_MS); d <= last; d += 1) days.add(d);
  }
  return days.size;
}

const predictionCard = (page: Page) =>
  page.getByRole('region', { name: 'Prediction', exact: true });

async function openDashboard(page: Page, name: string): Promise<{ id: number; report: Report }> {
  await openSignedIn(page, DEMO_OPERATOR, '/map');
  await loaded(page).toHaveURL('/map');
  const id = await bridgeId(page, name);
  const report = await evaluation(page, name);
  return { id, report };
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test('item 2: the prediction chart plots the stream of the alert', async ({ page }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS * 2);
      const { id } = await openDashboard(page, DAMAGED);
      const alerts = await alertsWithChange(page, id);
      const feature = alerts.find((a) => a.cause.physical_change)?.cause.physical_change?.feature;
      const stream = feature?.replace(/\.f\d+$/, '') ?? '';
      expect(stream).not.toBe('');
      await page.goto(`/dashboard?bridge=${id}`);
      const caption = predictionCard(page).locator('figcaption');
      await loaded(caption).toContainText(`(${stream})`);
    });

    test('item 2: only days inside an alarm episode are red, as many as the count has', async ({
      page,
    }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS * 2);
      for (const name of [HEALTHY, DAMAGED]) {
        const { id, report } = await openDashboard(page, name);
        await page.goto(`/dashboard?bridge=${id}`);
        const card = predictionCard(page);
        await loaded(card.getByText(`Anomalies Detected: ${report.num_anomalies}`)).toBeVisible();
        await loaded(card.locator('figcaption')).toBeVisible();
        const red = await card.locator('svg circle').count();
        // 0 anomalies: no red day (Jacques Cartier drew about 14 beside 'Anomalies Detected: 0').
        if (report.num_anomalies === 0) expect(red).toBe(0);
        expect(red).toBeLessThanOrEqual(episodeDays(report.events));
      }
    });

    test('item 5: one card per alert with its own Details, sensor, trigger and chart link', async ({
      page,
    }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS * 2);
      const { id } = await openDashboard(page, DAMAGED);
      let alerts = await alertsWithChange(page, id);
      await page.goto(`/dashboard?bridge=${id}`);
      const list = page.getByRole('list', { name: 'Active alerts' });
      // The demo is live: an alert raised between the API's answer and the page's is on both
      // once the page has asked again, so the two are compared as they are now.
      await loaded
        .poll(async () => {
          alerts = (await apiGet<StoredAlert[]>(page, `/api/v1/alerts?bridge=${id}&state=active`))
            .body;
          return (await list.getByRole('listitem').count()) === alerts.length;
        })
        .toBe(true);

      const changed = alerts.find((a) => a.cause.physical_change);
      const stream = changed?.cause.physical_change?.feature.replace(/\.f\d+$/, '') ?? '';
      const card = list
        .getByRole('listitem')
        .filter({ hasText: changed?.type ?? '' })
        .first();
      for (const fact of ['What changed', 'Sensor', 'Since', 'Trigger']) {
        await expect(card.getByText(fact, { exact: true })).toBeVisible();
      }
      await expect(card).toContainText(stream);
      await expect(card.getByRole('button', { name: 'Acknowledge' })).toBeVisible();

      // The card's Details opens that alert only.
      await card.getByRole('button', { name: 'Details', exact: true }).click();
      const details = page.getByRole('dialog', { name: 'Alert details' });
      await expect(details).toContainText(changed?.message ?? '');
      for (const other of alerts.filter((a) => a.type !== changed?.type)) {
        await expect(details).not.toContainText(other.message);
      }
      await details.getByRole('button', { name: 'Close' }).click();

      // The link goes to that sensor's chart in Sensor readings.
      const link = card.getByRole('link', { name: `Chart of ${stream}` });
      const target = (await link.getAttribute('href')) ?? '';
      await link.click();
      expect(target).toMatch(/^#stream-\d+$/);
      await expect(page.locator(target)).toBeInViewport();
      await expect(page.locator(target)).toContainText(stream);
    });

    test('item 5: acknowledging all at once is the least prominent act', async ({ page }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS * 2);
      const { id } = await openDashboard(page, DAMAGED);
      await alertsWithChange(page, id);
      await page.goto(`/dashboard?bridge=${id}`);
      const acknowledge = page
        .getByRole('list', { name: 'Active alerts' })
        .getByRole('button', { name: 'Acknowledge' })
        .first();
      await loaded(acknowledge).toBeVisible();
      // The spec's legend buttons stay, worded as the spec has them.
      const dismiss = page.getByRole('button', { name: 'Dismiss', exact: true });
      await expect(page.getByRole('button', { name: 'View Details', exact: true })).toBeVisible();
      const look = (button: typeof dismiss) =>
        button.evaluate((el) => {
          const style = getComputedStyle(el);
          return { background: style.backgroundColor, weight: Number(style.fontWeight) };
        });
      const quiet = await look(dismiss);
      const main = await look(acknowledge);
      // Dismiss was a filled brand button, the most prominent on the page.
      expect(quiet.background).toBe('rgba(0, 0, 0, 0)');
      expect(main.background).not.toBe('rgba(0, 0, 0, 0)');
      expect(quiet.weight).toBeLessThan(main.weight);
    });

    test('item 6: one count in one unit, one Last updated, Critical in words', async ({ page }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS * 2);
      const { id, report } = await openDashboard(page, DAMAGED);
      await page.goto(`/dashboard?bridge=${id}`);
      const strip = page.getByRole('region', { name: `Status of ${DAMAGED}` });
      await loaded(strip).toBeVisible();
      // Episodes only: the windows count read as a second, larger verdict.
      await expect(strip).toContainText(
        `${report.num_anomalies} anomaly episode${report.num_anomalies === 1 ? '' : 's'}`,
      );
      await expect(strip).not.toContainText(/anomalous \d+-minute window/);
      await expect(predictionCard(page)).not.toContainText(/anomalous \d+-minute window/);
      // 'Last updated' once in the strip (it was in two of its cells); on a phone it sits in a
      // closed disclosure, so the text is read whether shown or not.
      const all = await strip.evaluate((el) => el.textContent ?? '');
      const text = all.match(/Last updated/g) ?? [];
      expect(text).toHaveLength(1);
      // Poor and Critical share 60 in the spec's table: the gauge says which.
      expect(report.num_anomalies).toBeGreaterThan(5);
      const gauge = strip.getByRole('img', { name: /Health score 60 out of 100/ });
      await expect(gauge).toHaveAccessibleName(/Critical/);
      await expect(gauge.getByText('Critical', { exact: true })).toBeVisible();
    });
  });
}
