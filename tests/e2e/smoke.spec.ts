import { expect, test } from '@playwright/test';

// The demo staff account the server seeds into an empty database.
const DEMO_STAFF = { email: 'staff@spanwatch.demo', password: 'SpanWatch-staff-1' };

test('the home page loads', async ({ page }) => {
  await page.goto('/');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Bridge health, watched around the clock' }),
  ).toBeVisible();
  await expect(page).toHaveTitle(/SpanWatch/);
});

test('an unknown path shows the not-found page, which leads home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');

  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Bridge health, watched around the clock',
  );
});

test('the demo staff user signs in and lands on the map', async ({ page }) => {
  await page.goto('/login');

  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to SpanWatch' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO_STAFF.email);
  await page.getByLabel('Password').fill(DEMO_STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL('/map');
  await expect(page).toHaveTitle('Bridge map | SpanWatch');
  await expect(page.getByText('Bridge Management System')).toBeVisible();
  await expect(page.getByText('Signed in as')).toBeVisible();
});
