import { type Page, expect, test } from '@playwright/test';

import { DEMO_STAFF as STAFF, openSignedIn } from '../helpers/e2e-session';

// The cable of an accelerometer (issue 31, decision 079) in the Create Sensor form and Bridge
// Management, on a bridge and span of the test's own so the demo's bridges keep their sensors;
// the bridge is deleted at the end, or the map's count of located bridges (map.spec.ts) grows.
const tag = Date.now().toString(36);

/** A bridge and span of the test's own, made through the API as the page's session. */
async function ownSpan(
  page: Page,
  suffix: string,
): Promise<{ bridge: string; span: string; remove: () => Promise<void> }> {
  const token = await page.evaluate(() => window.localStorage.getItem('access'));
  const headers = { Authorization: `Bearer ${token ?? ''}` };
  const bridge = `E2E cable bridge ${tag}-${suffix}`;
  const span = `cable_span_${tag}_${suffix}`;
  const made = await page.request.post('/api/v1/bridges/create', {
    headers,
    data: {
      name: bridge,
      location: 'E2E harbour',
      construction_date: '1938-11-14',
      latitude: 49.315,
      longitude: -123.139,
      structure_type: 'Suspension',
      status: 'Open',
    },
  });
  expect(made.status()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const spanMade = await page.request.post('/api/v1/spans/create', {
    headers,
    data: { bridge: id, span_id: span, length: 472.4 },
  });
  const remove = async () => {
    const removed = await page.request.delete(`/api/v1/bridges/${id}/delete?cascade=true`, {
      headers,
    });
    expect(removed.status()).toBeLessThan(300);
  };
  if (spanMade.status() !== 201) await remove();
  expect(spanMade.status()).toBe(201);
  return { bridge, span, remove };
}

const toast = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true }).last()).toBeVisible();

/** No part of the page runs off the side of the screen. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function createCableSensor(page: Page, suffix: string) {
  test.setTimeout(180_000);
  await openSignedIn(page, STAFF, '/map');
  const { bridge, span, remove } = await ownSpan(page, suffix);
  try {
    await markHanger(page, { bridge, span, suffix });
  } finally {
    await remove();
  }
}

async function markHanger(
  page: Page,
  { bridge, span, suffix }: { bridge: string; span: string; suffix: string },
) {
  const sensorId = `E2E-HNG-${tag}-${suffix}`;
  await page.goto('/bridges');
  await page.getByRole('tab', { name: 'Spans' }).click();
  await page.getByLabel('Search spans').fill(span);
  await page.getByRole('button', { name: `Add a sensor to ${span}` }).click();
  const form = page.getByRole('dialog', { name: `Create Sensor on ${span}` });
  await form.getByLabel('Sensor ID').fill(sensorId);
  await form.getByLabel('Type').selectOption('accelerometer');
  await form.getByLabel('Status').selectOption('active');
  await form.getByLabel('Installation date').fill('2025-01-15');

  // The cable's figures appear once the checkbox, reached by the keyboard, is ticked.
  const cable = form.getByRole('group', { name: 'Cable (optional)' });
  await expect(cable.getByLabel('Cable length (m)')).toHaveCount(0);
  await cable.getByLabel('On a stay or hanger').focus();
  await page.keyboard.press('Space');
  await cable.getByLabel('Cable length (m)').fill('0');
  await cable.getByLabel('Low tension limit (kN)').fill('1500');
  await cable.getByLabel('High tension limit (kN)').fill('1400');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    cable.getByText('Cable length must be a number above 0, up to 2000 m'),
  ).toBeVisible();
  await expect(cable.getByText('Mass per metre is required for a sensor on a cable')).toBeVisible();
  await expect(
    cable.getByText('Low tension limit must be below the high tension limit'),
  ).toBeVisible();
  await fitsWidth(page);

  await cable.getByLabel('Cable length (m)').fill('40');
  await cable.getByLabel('Mass per metre (kg/m)').fill('45');
  await cable.getByLabel('Low tension limit (kN)').fill('900');
  await form.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Sensor created successfully');
  await expect(form).toBeHidden();

  // Bridge Management shows the stored cable and replaces it.
  await page.getByRole('tab', { name: 'Sensors' }).click();
  await page.getByLabel('Bridge', { exact: true }).selectOption(bridge);
  await page.getByLabel('Sensor', { exact: true }).selectOption(sensorId);
  const stored = page.getByRole('form', { name: `Cable of ${sensorId}` });
  await expect(stored.getByLabel('Cable length (m)')).toHaveValue('40');
  await expect(stored.getByLabel('Mass per metre (kg/m)')).toHaveValue('45');
  await expect(stored.getByLabel('High tension limit (kN)')).toHaveValue('1400');
  await stored.getByLabel('Tension change limit (%)').fill('5');
  await stored.getByRole('button', { name: 'Save cable' }).click();
  await toast(page, 'Cable saved');
  await page.reload();
  await page.getByRole('tab', { name: 'Sensors' }).click();
  await page.getByLabel('Bridge', { exact: true }).selectOption(bridge);
  await page.getByLabel('Sensor', { exact: true }).selectOption(sensorId);
  await expect(
    page.getByRole('form', { name: `Cable of ${sensorId}` }).getByLabel('Tension change limit (%)'),
  ).toHaveValue('5');
  await fitsWidth(page);

  // Taken off its cable once confirmed (DELETE /sensors/{id}/cable): the empty form is back.
  await page.getByRole('button', { name: 'Remove cable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove cable' });
  await expect(confirm).toContainText('The tensions already estimated are kept');
  await fitsWidth(page);
  await confirm.getByRole('button', { name: 'Remove cable' }).click();
  await toast(page, 'Cable removed');
  await expect(page.getByText(/^Not on a cable\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove cable' })).toHaveCount(0);
  await expect(
    page.getByRole('form', { name: `Cable of ${sensorId}` }).getByLabel('Cable length (m)'),
  ).toHaveValue('');
}

test.describe('desktop', () => {
  test('staff mark a new accelerometer as on a hanger, change its cable and remove it', async ({
    page,
  }) => {
    await createCableSensor(page, 'd');
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test('staff mark a new accelerometer as on a hanger, change its cable and remove it', async ({
    page,
  }) => {
    await createCableSensor(page, 'p');
  });
});
