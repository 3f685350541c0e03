import { type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_OPERATOR, openSignedIn } from '../helpers/e2e-session';

// Issue 36, items 4 and 8: the prediction card's axis title is drawn over nothing else of the
// card, at both sizes and on every bridge; on a phone no two labels of a chart overlap and the
// fatigue charts' labels are readable.
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
// The server trains and evaluates each demo bridge in the background after it starts; on a
// loaded 2-core machine the third bridge's forecast has come after more than 5 minutes.
const EVALUATION_TIMEOUT_MS = 480_000;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const response = await page.request.get(path, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Opens the bridge's dashboard once its forecast exists; returns the prediction card. */
async function predictionOf(page: Page, bridge: { id: number; name: string }): Promise<Locator> {
  const path = `/api/v1/ai/forecast?sid=${encodeURIComponent(bridge.name)}`;
  await expect
    .poll(
      async () => {
        const token = await page.evaluate(() => window.localStorage.getItem('access'));
        const response = await page.request.get(path, {
          headers: { Authorization: `Bearer ${token ?? ''}` },
        });
        return response.status();
      },
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [3_000] },
    )
    .toBe(200);
  await page.goto(`/dashboard?bridge=${bridge.id}`);
  const card = page.getByRole('region', { name: 'Prediction' });
  await expect(card.getByRole('slider')).toBeVisible({ timeout: 30_000 });
  await expect(
    card.getByRole('link', { name: 'Download the prediction chart (PNG)' }),
  ).toBeVisible();
  return card;
}

/** The boxes of every text drawn in the chart figures of `scope`, with what they say. */
async function chartTexts(scope: Locator) {
  return scope.locator('svg text').evaluateAll((texts) =>
    texts
      .map((t) => {
        const box = t.getBoundingClientRect();
        return {
          text: t.textContent ?? '',
          svg: [...document.querySelectorAll('svg')].indexOf(t.closest('svg') as SVGSVGElement),
          box: { x: box.x, y: box.y, width: box.width, height: box.height },
        };
      })
      .filter((t) => t.box.width > 0 && t.text.trim() !== ''),
  );
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("no two labels of a chart overlap; the fatigue charts' labels are at least 11 px; a month of frequency shift names 3 dates or more", async ({
    page,
  }) => {
    test.setTimeout(EVALUATION_TIMEOUT_MS + 120_000);
    await openSignedIn(page, DEMO_OPERATOR, '/map');
    const bridges = await apiGet<{ id: number; name: string }[]>(page, '/api/v1/bridges');
    // Jacques Cartier has strain gauges: its dashboard has the fatigue card.
    const bridge = bridges.find((b) => b.name === 'Jacques Cartier Bridge');
    if (!bridge) throw new Error('the operator does not see Jacques Cartier Bridge');
    await page.goto(`/dashboard?bridge=${bridge.id}`);

    const readings = page.getByRole('region', { name: 'Sensor readings' });
    await expect(readings.getByRole('slider').first()).toBeVisible({ timeout: 30_000 });
    const fatigue = page.getByRole('region', { name: 'Fatigue', exact: true });
    await expect(fatigue.locator('svg text').first()).toBeVisible({ timeout: 60_000 });

    for (const range of ['24 h', '7 d', '30 d']) {
      await readings.getByRole('button', { name: range, exact: true }).click();
      await expect(readings.getByRole('button', { name: range, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(readings.getByText(/Loading/)).toHaveCount(0);
      const texts = await chartTexts(page.getByRole('main'));
      expect(texts.length).toBeGreaterThan(10);
      for (let i = 0; i < texts.length; i += 1) {
        for (let j = i + 1; j < texts.length; j += 1) {
          const [a, b] = [texts[i], texts[j]];
          if (!a || !b || a.svg !== b.svg) continue;
          expect
            .soft(intersects(a.box, b.box), `'${a.text}' and '${b.text}' overlap (${range})`)
            .toBe(false);
        }
      }
    }

    for (const text of await chartTexts(fatigue)) {
      expect
        .soft(text.box.height, `fatigue label '${text.text}' is drawn ${text.box.height} px tall`)
        .toBeGreaterThanOrEqual(11);
    }

    // The screenshot tour: over the demo's month the frequency shift chart named one date on a
    // phone ('Nov 30'), so a reader could not tell when the shift happened. It is drawn once the
    // background analysis has tracked the modes; the dashboard is opened again until then.
    const shift = page.getByRole('region', { name: 'Frequency shift since commissioning' });
    await expect(async () => {
      await page.reload();
      await expect(shift.getByRole('slider')).toBeVisible({ timeout: 20_000 });
    }).toPass({ timeout: EVALUATION_TIMEOUT_MS, intervals: [10_000] });
    const texts = await chartTexts(shift);
    const bottom = Math.max(...texts.map((t) => t.box.y));
    const dates = texts.filter((t) => Math.abs(t.box.y - bottom) < 2);
    expect(
      dates.map((t) => t.text),
      'dates on the frequency shift time axis',
    ).toHaveLength(new Set(dates.map((t) => t.text)).size);
    expect(dates.length, dates.map((t) => t.text).join(', ')).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < texts.length; i += 1) {
      for (let j = i + 1; j < texts.length; j += 1) {
        const [a, b] = [texts[i], texts[j]];
        if (!a || !b) continue;
        expect.soft(intersects(a.box, b.box), `'${a.text}' and '${b.text}' overlap`).toBe(false);
      }
    }
  });
});

// After the label test, which needs no forecast: the server has had longer to make them.
for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the prediction card's axis title overlaps none of its texts, on every bridge", async ({
      page,
    }) => {
      test.setTimeout(EVALUATION_TIMEOUT_MS + 120_000);
      await openSignedIn(page, DEMO_OPERATOR, '/map');
      const bridges = await apiGet<{ id: number; name: string }[]>(page, '/api/v1/bridges');
      expect(bridges.length).toBeGreaterThanOrEqual(3);
      for (const bridge of bridges) {
        // Every one of the operator's bridges has data, so each gets a forecast.
        const card = await predictionOf(page, bridge);
        const series = await apiGet<{ indicator: string; unit: string }>(
          page,
          `/api/v1/ai/forecast?sid=${encodeURIComponent(bridge.name)}`,
        );
        const yTitle = series.unit ? `${series.indicator} (${series.unit})` : series.indicator;
        // Measured again until two reads agree: cards that draw later (decision 062) and the
        // on-call line move the card while its boxes are read one by one, and a box read before
        // a move beside one read after it is no overlap a reader sees. An overlap that stays
        // fails after the wait.
        await expect(async () => {
          const title = await card.getByText(yTitle, { exact: true }).boundingBox();
          expect(title, `${bridge.name}: the axis title is drawn`).not.toBeNull();
          if (!title) return;
          const overlaps: string[] = [];
          const others: [string, Locator][] = [
            ['heading', card.getByRole('heading', { name: 'Prediction' })],
            ['count', card.getByText(/^Anomalies Detected: \d+$/)],
            ['Updated', card.getByText(/^Updated /)],
            ['caption', card.locator('figcaption')],
            ['legend', card.getByRole('list')],
            ['download', card.getByRole('link', { name: 'Download the prediction chart (PNG)' })],
          ];
          for (const [what, locator] of others) {
            for (const box of await Promise.all(
              (await locator.all()).map((element) => element.boundingBox()),
            )) {
              if (box && intersects(title, box)) overlaps.push(`axis title over the ${what}`);
            }
          }
          // Nor over the chart's own tick labels.
          for (const text of await chartTexts(card)) {
            if (text.text !== yTitle && intersects(title, text.box)) {
              overlaps.push(`axis title over '${text.text}'`);
            }
          }
          const again = await card.getByText(yTitle, { exact: true }).boundingBox();
          expect(again, `${bridge.name}: the card moved while it was read`).toEqual(title);
          test.info().annotations.push({
            type: 'axis title',
            description: `${viewport.name} ${bridge.name} '${yTitle}' ${JSON.stringify(title)}`,
          });
          expect(overlaps, bridge.name).toEqual([]);
        }).toPass({ timeout: 30_000 });
      }
    });
  });
}
