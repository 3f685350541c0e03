import { type Page, expect, test } from '@playwright/test';
import { DEMO_PRAIRIE_ADMIN, DEMO_STAFF, openSignedIn } from '../helpers/e2e-session';
import { loaded } from '../helpers/e2e-loaded';

// Issue 33 (decision 040): a company administrator sees the staff screens for its own company,
// names that company on them, and is offered only what the server lets it do there.

const COMPANY = 'Prairie Crossings Ltd.';

/** How far the page reaches past the right edge of the window (0 when it fits). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("manages its own company's people and structure, and nothing of another's", async ({
      page,
    }) => {
      await openSignedIn(page, DEMO_PRAIRIE_ADMIN, '/users');
      await loaded(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
      await expect(page.getByText(`Company: ${COMPANY}`)).toBeVisible();
      const users = page.getByRole('table', { name: 'Users' });
      await loaded(users.getByText(DEMO_PRAIRIE_ADMIN.email)).toBeVisible();
      // Another company's people are not listed, and no audit history is offered (staff only).
      await expect(users.getByText(DEMO_STAFF.email)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^History of/ })).toHaveCount(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

      await page.goto('/bridges');
      await loaded(
        page.getByRole('heading', { level: 1, name: 'Bridge Management' }),
      ).toBeVisible();
      await expect(page.getByText(`Company: ${COMPANY}`)).toBeVisible();
      const bridges = page.getByRole('table', { name: 'Bridges' });
      await loaded(bridges.getByText('Centre Street Bridge')).toBeVisible();
      await expect(bridges.getByText('Esplanade Riel')).toBeVisible();
      await expect(bridges.getByText('Lions Gate Bridge')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add Bridge' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Centre Street Bridge' })).toBeVisible();
      await expect(page.getByRole('link', { name: /^History of/ })).toHaveCount(0);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
}

test('the top bar offers User Management to a company administrator, not the staff-only screens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openSignedIn(page, DEMO_PRAIRIE_ADMIN, '/bridges');
  const bar = page.getByRole('navigation').first();
  await loaded(bar.getByRole('link', { name: 'Users' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await bar.getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL('/users');
  // The audit log stays staff only: a company administrator is sent to the map.
  await page.goto('/audit');
  await expect(page).toHaveURL('/map');
});
