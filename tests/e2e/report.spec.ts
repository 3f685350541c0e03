import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loaded } from '../helpers/e2e-loaded';

// Issue 19: the dashboard's 'Download monthly report' saves the bridge's PDF of a month.
const OPERATOR = { email: 'operator@spanwatch.demo', password: 'SpanWatch-operator-1' };
const BRIDGE = 'Jacques Cartier Bridge';
// Page loads wait on several API calls while the demo server is busy.

test('the dashboard downloads the monthly report as a PDF', async ({ page }) => {
  test.setTimeout(180_000);
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto('/login');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await loaded(page).toHaveURL('/map');

  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const bridges = (await (
    await page.request.get('/api/v1/bridges', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { id: number; name: string }[];
  const bridge = bridges.find((b) => b.name === BRIDGE);
  expect(bridge).toBeDefined();
  await page.goto(`/dashboard?bridge=${bridge?.id}`);

  // The demo's data reaches into the current month: report it.
  const month = new Date().toISOString().slice(0, 7);
  await loaded(page.getByLabel('Report month')).toBeVisible();
  await page.getByLabel('Report month').fill(month);
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 150_000 }),
    page.getByRole('button', { name: 'Download monthly report' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Jacques-Cartier-Bridge-${month}.pdf`);
  const path = await download.path();
  const bytes = readFileSync(path);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
  expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
});
