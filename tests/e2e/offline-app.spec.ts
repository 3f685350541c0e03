import { expect, test } from '@playwright/test';
import { fillRecordInspection } from '../helpers/e2e-inspection-form';
import { DEMO_STAFF, openSignedIn } from '../helpers/e2e-session';

// Issue 36, field inspection mode (decision 053, "The app opens offline"): an inspector who
// opened SpanWatch once on a phone can open it again with no network, still signed in, and
// record an inspection that is kept on the phone and sent when the network returns.
test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  serviceWorkers: 'allow',
});

const OFFLINE_TEXT = 'Saved on this phone — will send when you are back online';

test('the app opens offline after one visit, and an inspection recorded then is sent once back online', async ({
  page,
  context,
}) => {
  const inspector = `Offline Inspector ${Date.now()}`;
  await openSignedIn(page, DEMO_STAFF, '/inspections');
  await expect(page.getByRole('button', { name: 'Record inspection' })).toBeVisible();
  // The worker takes charge of this page once installed.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
  // What the page had loaded before is kept: the worker keeps the assets first, then the two
  // answers a screen needs (a loaded CI machine once went offline between the two).
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await caches.open('spanwatch-answers-v1')).keys().then((keys) => keys.length),
        ),
      { timeout: 90_000 },
    )
    .toBe(2);

  await context.setOffline(true);
  const reopened = await page.reload();
  // Answered by the worker from what it kept, not by the server.
  expect(reopened?.headers()['x-spanwatch-kept']).toBe('offline');
  await expect(page.getByRole('heading', { name: 'Inspections', level: 1 })).toBeVisible();

  const dialog = await fillRecordInspection(page, {
    bridge: 'Quebec Bridge',
    inspector,
    ratings: ['6', '6', '7'],
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const outbox = page.getByRole('region', { name: 'Inspections saved on this phone' });
  await expect(outbox).toContainText(OFFLINE_TEXT);

  await context.setOffline(false);
  await expect(page.getByText('Inspection of Quebec Bridge sent')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Bridge programme and records').selectOption({ label: 'Quebec Bridge' });
  const records = page.getByRole('region', { name: 'Inspection records' });
  await expect(records.getByText(inspector)).toHaveCount(1);

  // Signing out forgets the answers kept for this user.
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await expect(page).toHaveURL('/login');
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await caches.open('spanwatch-answers-v1')).keys().then((keys) => keys.length),
      ),
    )
    .toBe(0);
});
