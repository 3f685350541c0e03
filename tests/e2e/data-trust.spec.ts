import { type Page, expect, test } from '@playwright/test';

import { DEMO_STAFF as STAFF, openSignedIn } from '../helpers/e2e-session';
import { loaded } from '../helpers/e2e-loaded';

// Issue 36, items 1 and 7: what the data can be trusted for stands beside the condition. Lions
// Gate's register marks its span-2 strain gauge faulty (its mean drifts in the demo) and its
// span-3 strain gauge went silent; Quebec Bridge has data from its main span only.
const FAULTY_BRIDGE = 'Lions Gate Bridge';
const FAULTY_STREAM = 'lions-gate-s2-str';
const SILENT_STREAM = 'lions-gate-s3-str';
const THIN_BRIDGE = 'Quebec Bridge';
// Decision 068's twin of lions-gate-s1-str, 0.3 m beside it; the list of pairs that disagree.
const TWIN_STREAM = 'lions-gate-s1-strb';
const TWIN_LIST = 'Twin sensors that disagree';
// The server evaluates each demo bridge in the background after it starts, the light ones last.
// On a shared 2-core machine Quebec's first evaluation came about 10 minutes after the start.
const EVALUATION_TIMEOUT_MS = 900_000;

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function bridgeId(page: Page, name: string): Promise<number> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const response = await page.request.get('/api/v1/bridges', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  const bridges = (await response.json()) as { id: number; name: string }[];
  const bridge = bridges.find((b) => b.name === name);
  if (!bridge) throw new Error(`${name} is not among staff's bridges`);
  return bridge.id;
}

/** Waits for the bridge's first evaluation: a bridge without one says 'Not assessed' anyway. */
async function waitForEvaluation(page: Page, name: string): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const path = `/api/v1/ai/anomalies?sid=${encodeURIComponent(name)}`;
  await expect
    .poll(
      async () =>
        (
          await page.request.get(path, { headers: { Authorization: `Bearer ${token ?? ''}` } })
        ).status(),
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [3_000] },
    )
    .toBe(200);
}

/**
 * Waits until the server has noticed the silent stream: its 'Sensor offline' monitor runs once a
 * minute after the start, so a first test on a fresh server can open the dashboard before it has.
 */
async function waitForOfflineAlert(page: Page, bridge: number, streamId: string): Promise<void> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/v1/alerts?bridge=${bridge}`, {
          headers: { Authorization: `Bearer ${token ?? ''}` },
        });
        const alerts = (await response.json()) as { type: string; message: string }[];
        return alerts.some((a) => a.type === 'Sensor offline' && a.message.includes(streamId));
      },
      { timeout: 300_000, intervals: [3_000] },
    )
    .toBe(true);
}

const streamCard = (page: Page, streamId: string) =>
  page
    .getByRole('region', { name: 'Sensor readings' })
    .getByRole('article')
    .filter({ hasText: `Stream ${streamId},` });

// The faulty bridge first at both sizes: the thin bridge's evaluation comes later.
for (const viewport of VIEWPORTS) {
  test.describe(`faulty sensor at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the faulty sensor's card carries a Faulty badge, and the strip counts it", async ({
      page,
    }) => {
      await openSignedIn(page, STAFF, '/map');
      test.setTimeout(420_000);
      const id = await bridgeId(page, FAULTY_BRIDGE);
      await waitForOfflineAlert(page, id, SILENT_STREAM);
      await page.goto(`/dashboard?bridge=${id}`);
      const card = streamCard(page, FAULTY_STREAM);
      // While the server evaluates the bridge the page has taken over 20 s to load.
      await expect(card).toBeVisible({ timeout: 60_000 });
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText('Faulty', { exact: true })).toBeVisible();
      // The demo's gauge drifts 2.5 µε an hour: the week's hourly means say so.
      await expect(card.getByText('Drifting', { exact: true })).toBeVisible();
      await expect(card).toContainText(/Drift: drifting up by [\d.]+ µε per hour over 7 days/);
      await expect(card).not.toContainText('Reporting');
      await expect(
        streamCard(page, SILENT_STREAM).getByText('Silent', { exact: true }),
      ).toBeVisible();
      const condition = page
        .getByRole('region', { name: `Status of ${FAULTY_BRIDGE}` })
        .getByRole('region', { name: 'Bridge Condition Index' });
      await expect(condition).toContainText(/\d+ of \d+ streams reporting · 1 faulty/);
      await expect(condition).toContainText('1 silent');
      // Decision 074: the demo's twin gauges on span 1 agree, so no twin line stands beside the
      // condition, and the twin is in use like its neighbour.
      await expect(condition.getByRole('list', { name: TWIN_LIST })).toHaveCount(0);
      await expect(condition).not.toContainText('disagree');
      const twin = streamCard(page, TWIN_STREAM);
      await twin.scrollIntoViewIfNeeded();
      await expect(twin).toContainText('Reporting');
      await expect(twin.getByRole('list', { name: 'Data trust' })).toHaveCount(0);
    });
  });
}

// The demo's pair agrees by design (its scenario is not changed for a test), so the line's
// layout at both sizes is checked on the demo's own evaluation with one pair added to it on its
// way to the browser: the SPA, its styles and the demo's streams are the real ones.
for (const viewport of VIEWPORTS) {
  test.describe(`twin gauges that disagree at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the strip says beside the condition which twins disagree and that neither is left out', async ({
      page,
    }) => {
      test.setTimeout(420_000);
      await openSignedIn(page, STAFF, '/map');
      const id = await bridgeId(page, FAULTY_BRIDGE);
      await waitForEvaluation(page, FAULTY_BRIDGE);
      // What the demo's own evaluation said of its pairs, before the one added here.
      const found: unknown[] = [];
      await page.route(/\/api\/v1\/ai\/anomalies\?/, async (route) => {
        const response = await route.fetch();
        const report = (await response.json()) as Record<string, unknown>;
        found.push(report.sensor_disagreements ?? 'none');
        await route.fulfill({
          response,
          json: {
            ...report,
            sensor_disagreements: [
              {
                stream_ids: ['lions-gate-s1-str', TWIN_STREAM],
                since: '2026-11-29T06:00:00.000Z',
                detail:
                  `lions-gate-s1-str and ${TWIN_STREAM} disagree: lions-gate-s1-str's response grew ` +
                  `by 10 % against ${TWIN_STREAM}'s (window standard deviation ratios since the ` +
                  "onset, against the reference's); a pair cannot tell which of the two changed, " +
                  'so neither is called faulty on this alone',
              },
            ],
          },
        });
      });
      await page.goto(`/dashboard?bridge=${id}`);
      const strip = page.getByRole('region', { name: `Status of ${FAULTY_BRIDGE}` });
      const pairs = strip
        .getByRole('region', { name: 'Bridge Condition Index' })
        .getByRole('list', { name: TWIN_LIST });
      await loaded(pairs).toBeVisible({ timeout: 60_000 });
      await expect(pairs).toContainText(
        `lions-gate-s1-str and ${TWIN_STREAM} disagree since Nov 29, 2026`,
      );
      await expect(pairs).toContainText(
        'one of them reads wrong; neither is left out of the condition analysis, the limits or the fatigue counting, so inspect both.',
      );
      await expect(pairs).toContainText("lions-gate-s1-str's response grew by 10 %");
      // Within the page's width at both sizes: nothing to scroll sideways for.
      const box = await pairs.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
      // The demo's evaluation itself finds its pair agreeing (decision 068).
      expect(found.length).toBeGreaterThan(0);
      expect(new Set(found)).toEqual(new Set(['none']));
      // The twins are still counted as reporting, not faulty.
      await expect(
        streamCard(page, TWIN_STREAM).getByRole('list', { name: 'Data trust' }),
      ).toHaveCount(0);
    });
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`missing evidence at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a bridge whose evidence is missing reads Not assessed, with the trust line', async ({
      page,
    }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS + 60_000);
      await openSignedIn(page, STAFF, '/map');
      const id = await bridgeId(page, THIN_BRIDGE);
      await waitForEvaluation(page, THIN_BRIDGE);
      await page.goto(`/dashboard?bridge=${id}`);
      const strip = page.getByRole('region', { name: `Status of ${THIN_BRIDGE}` });
      await loaded(strip).toBeVisible();
      const condition = strip.getByRole('region', { name: 'Bridge Condition Index' });
      await expect(condition).toContainText('Not assessed');
      await expect(condition).not.toContainText(/\bGood\b/);
      // Its main span's accelerometer, strain gauge and thermometer send; the sensors of the
      // other spans never have (some of them out of service in the register).
      await expect(condition).toContainText(
        /^.*3 of 9 streams reporting · (.* · )?\d never reported/,
      );
      await expect(condition).toContainText(/not assessed \(no trusted data\)/);
      await expect(strip).not.toContainText('Normal Operation');
    });
  });
}
