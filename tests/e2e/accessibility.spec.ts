import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { DEMO_OPERATOR, openSignedIn } from '../helpers/e2e-session';
import { sharedProjectPage } from '../helpers/e2e-shared-page';

// axe-core on every public page, the sign-in screens, the signed-in map and a bridge dashboard:
// no serious or critical violations (issues 4 and 6). Map tiles are refused so nothing depends
// on them.
const publicPaths = [
  '/',
  '/about',
  '/faqs',
  '/solutions/structural-health-monitoring',
  '/solutions/data-driven-maintenance-insights',
  '/solutions/real-time-capacity-tracking',
  '/solutions/damage-detection-modeling',
  '/services/real-time-monitoring',
  '/services/predictive-maintenance-analytics',
  '/services/risk-security-assessment',
  '/services/iot-for-connectivity',
  '/services/automated-reporting-alerts',
  '/services/consulting-optimization',
  '/login',
  '/signup',
  '/no/such/page',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('public and sign-in pages', () => {
  // One page for the sixteen checks, each loading its path anew (see sharedProjectPage).
  const sharedPage = sharedProjectPage();

  for (const path of publicPaths) {
    test(`axe finds no serious or critical violation on ${path}`, async () => {
      const page = sharedPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test('axe finds no serious or critical violation on a bridge dashboard', async ({ page }) => {
  await openSignedIn(page, DEMO_OPERATOR, '/map');
  await expect(page).toHaveURL(/\/map$/);
  await page
    .getByRole('region', { name: 'Bridge locations map' })
    .getByRole('button', { name: /^Lions Gate Bridge,/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Health condition$/ })).toBeVisible();
  await expect(page.getByText('Loading bridge health')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('axe finds no serious or critical violation on the signed-in map', async ({ page }) => {
  await openSignedIn(page, DEMO_OPERATOR, '/map');
  await expect(page).toHaveURL(/\/map$/);
  await expect(page.getByText('Bridge Management System')).toBeVisible();
  await expect(page.getByText('Loading map...')).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});
