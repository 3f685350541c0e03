import { type Browser, type Page, expect, test } from '@playwright/test';

// Demo accounts seeded into the empty database the Playwright server starts on.
const STAFF = { email: 'staff@spanwatch.demo', password: 'SpanWatch-staff-1' };
const tag = Date.now().toString(36);

async function signIn(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/map');
  return page;
}

/** Calls the API as the signed-in page does, with its bearer token. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('access') ?? ''}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        json: response.status === 204 ? null : await response.json(),
      };
    },
    { method, path, body },
  );
}

test('the audit view lists a change just made, one click from its row, and filters by object', async ({
  browser,
}) => {
  // Two screens and a filter round trip: on the shared 2-core machine this outlasts one minute.
  test.slow();
  const staff = await signIn(browser);
  const name = `Audit Bridge ${tag}`;
  const input = {
    name,
    location: 'Audit river',
    construction_date: '2001-01-01',
    length_per_span: 40,
    latitude: 45,
    longitude: -75,
  };
  const created = await api(staff, 'POST', '/api/v1/bridges/create', input);
  expect(created.status).toBe(201);
  const bridgeId = (created.json as { id: number }).id;
  try {
    const renamed = await api(staff, 'PUT', `/api/v1/bridges/${bridgeId}/update`, {
      ...input,
      location: 'Audit harbour',
    });
    expect(renamed.status).toBe(200);

    await staff.goto('/bridges');
    await staff.getByLabel('Search bridges').fill(name);
    await staff.getByRole('link', { name: `History of ${name}` }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await expect(staff).toHaveURL(new RegExp(`object_type=bridge&object_id=${bridgeId}`));
    const table = staff.getByRole('table', { name: 'Audit log' });
    await expect(table.getByText('Audit river → Audit harbour')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(staff.getByText('Showing 1–2 of 2')).toBeVisible();

    // The whole log, then the same object again through the filters.
    await staff.getByRole('button', { name: 'Clear' }).click();
    await expect(staff.getByLabel('Object ID')).toHaveValue('');
    await staff.getByLabel('Object type').selectOption({ label: 'Bridge' });
    await staff.getByLabel('Object ID').fill(String(bridgeId));
    await staff.getByRole('button', { name: 'Apply filters' }).click();
    await expect(table.getByText('Audit river → Audit harbour')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(3);
  } finally {
    await api(staff, 'DELETE', `/api/v1/bridges/${bridgeId}/delete?cascade=true`);
  }
});

test('the Sensors tab shows the calibration register and a calibration added to it', async ({
  browser,
}) => {
  const staff = await signIn(browser);
  await staff.goto('/bridges');
  await staff.getByRole('tab', { name: 'Sensors' }).click();
  const sensors = staff.getByRole('table', { name: 'Sensors' });
  // The demo's first sensor falls due in two weeks; the date in the reader's format, not ISO.
  await expect(sensors.getByText(/Calibration due (?!\d{4}-\d{2}-\d{2})\S/).first()).toBeVisible();

  const open = sensors.getByRole('button', { name: /^Calibrations of / }).nth(1);
  const sensorId = ((await open.getAttribute('aria-label')) ?? '').replace('Calibrations of ', '');
  await open.click();
  const register = staff.getByRole('region', { name: `Calibration register of ${sensorId}` });
  await expect(
    register.getByRole('cell', { name: 'Northern Metrology Ltd' }).first(),
  ).toBeVisible();

  await register.getByRole('button', { name: 'Add calibration' }).click();
  const dialog = staff.getByRole('dialog', { name: `Add calibration of ${sensorId}` });
  const today = new Date().toISOString().slice(0, 10);
  const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Calibrated on').fill(today);
  await dialog.getByLabel('Calibrated by').fill('E2E Metrology');
  await dialog.getByLabel('Certificate reference').fill(`E2E-${tag}`);
  await dialog.getByLabel('Next due').fill(nextYear);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const newest = register.getByRole('row').nth(1);
  await expect(newest).toContainText(`E2E-${tag}`);
  await expect(newest).toContainText('E2E Metrology');
  // The register writes the date as the browser's locale does.
  const nextYearShown = await staff.evaluate(
    (ymd) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${ymd}T00:00:00Z`),
      ),
    nextYear,
  );
  await expect(newest).toContainText(nextYearShown);
});
