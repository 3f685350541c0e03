import { type Browser, type Page, expect, test } from '@playwright/test';

import {
  type Account,
  DEMO_OPERATOR as OPERATOR,
  DEMO_STAFF as STAFF,
  newSignedInPage,
} from '../helpers/e2e-session';
import { bridgesShown } from '../helpers/e2e-map';

// Unique labels keep this file independent of whatever other spec files create.
const tag = Date.now().toString(36);
const BRIDGE_NAME = 'Golden Ears Bridge';
const LOCATION = `E2E crossing ${tag}`;
const SPAN = `e2e_span_${tag}`;
const SENSOR_A = `E2E-A-${tag}`;
const SENSOR_B = `E2E-B-${tag}`;
const STREAM = `e2e-stream-${tag}`;

async function signIn(browser: Browser, account: Account): Promise<Page> {
  const page = await newSignedInPage(browser, account, '/map');
  await expect(page).toHaveURL('/map');
  return page;
}

const toast = (page: Page, text: string) =>
  expect(page.getByText(text, { exact: true }).last()).toBeVisible();

async function showOnly(page: Page, table: string, text: string) {
  await page.getByLabel(`Search ${table}`).fill(text);
}

test('staff manage a bridge end to end; the operator then reads it', async ({ browser }) => {
  test.setTimeout(180_000);
  const staff = await signIn(browser, STAFF);
  await staff.goto('/bridges');
  await expect(staff.getByRole('heading', { level: 1, name: 'Bridge Management' })).toBeVisible();

  // A bridge placed by clicking the map.
  await staff.getByRole('button', { name: 'Add Bridge' }).click();
  const bridgeForm = staff.getByRole('dialog', { name: 'Create Bridge' });
  await bridgeForm.getByLabel('Bridge name').selectOption(BRIDGE_NAME);
  await bridgeForm.getByLabel('Location Description').fill(LOCATION);
  await bridgeForm.getByLabel('Construction date').fill('2009-06-16');
  await bridgeForm.locator('.leaflet-container').click({ position: { x: 120, y: 90 } });
  await expect(bridgeForm.getByLabel('Latitude')).not.toHaveValue('');
  await expect(bridgeForm.getByLabel('Longitude')).not.toHaveValue('');
  await expect(bridgeForm.locator('.leaflet-marker-icon')).toBeVisible();
  await bridgeForm.getByRole('button', { name: 'Save' }).click();
  await toast(staff, 'Bridge created successfully');

  // A span, two sensors on it, a new stream for one and the same stream assigned to the other.
  await showOnly(staff, 'bridges', LOCATION);
  await staff.getByRole('button', { name: `View spans of ${BRIDGE_NAME}` }).click();
  await staff.getByRole('button', { name: 'Add Span' }).click();
  await staff.getByLabel('Span ID').fill(SPAN);
  await staff.getByLabel('Span Length (m)').fill('120.5');
  await staff.getByRole('button', { name: 'Save' }).click();
  await toast(staff, 'Span created successfully');

  for (const sensorId of [SENSOR_A, SENSOR_B]) {
    await staff.getByRole('button', { name: `Add a sensor to ${SPAN}` }).click();
    const form = staff.getByRole('dialog');
    await form.getByLabel('Sensor ID').fill(sensorId);
    await form.getByLabel('Type').selectOption('strain_gauge');
    await form.getByLabel('Status').selectOption('active');
    await form.getByLabel('Installation date').fill('2025-01-15');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(staff, 'Sensor created successfully');
    await expect(form).toBeHidden();
  }

  await staff.getByRole('tab', { name: 'Sensors' }).click();
  await showOnly(staff, 'sensors', tag);
  await staff.getByLabel('Sensor', { exact: true }).selectOption(SENSOR_A);
  await staff.getByRole('button', { name: 'Add DataStream' }).click();
  const create = staff.getByRole('dialog', { name: `Manage Datastream for ${SENSOR_A}` });
  await create.getByLabel('Stream ID').fill(STREAM);
  await create.getByLabel('Data Type').selectOption('strain');
  await create.getByRole('button', { name: 'Create Datastream' }).click();
  await toast(staff, 'Datastream created successfully');

  await staff.getByRole('button', { name: `Manage datastream of ${SENSOR_B}` }).click();
  const assign = staff.getByRole('dialog', { name: `Manage Datastream for ${SENSOR_B}` });
  await assign.getByLabel('Assign Existing').check();
  await assign.getByLabel('Existing datastream').selectOption(`${STREAM} (strain)`);
  await assign.getByRole('button', { name: 'Assign Sensor' }).click();
  await toast(staff, 'Sensor assigned successfully');

  await staff.getByRole('tab', { name: 'Datastreams' }).click();
  await showOnly(staff, 'datastreams', STREAM);
  await expect(staff.getByRole('cell', { name: `${SENSOR_A}, ${SENSOR_B}` })).toBeVisible();

  // The operator gets the new bridge on top of the assigned ones.
  await staff.goto('/users');
  await showOnly(staff, 'users', 'operator@spanwatch.demo');
  await staff.getByRole('button', { name: 'Assign bridges demo-operator' }).click();
  const bridgesDialog = staff.getByRole('dialog');
  await expect(bridgesDialog.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await bridgesDialog.getByLabel(BRIDGE_NAME).last().check();
  await bridgesDialog.getByRole('button', { name: 'Assign' }).click();
  await toast(staff, 'Bridges assigned successfully');

  const operator = await signIn(browser, OPERATOR);
  // The new bridge joins the operator's three on their map (as a marker or in a cluster).
  await expect.poll(() => bridgesShown(operator)).toBe(4);
  await operator.goto('/bridges');
  await expect(operator.getByRole('cell', { name: LOCATION })).toBeVisible();
  await expect(operator.getByRole('row')).toHaveCount(1 + 4);
  await expect(operator.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  await expect(operator.getByRole('button', { name: 'Add Bridge' })).toHaveCount(0);
  await operator.getByRole('tab', { name: 'Sensors' }).click();
  // The operator's bridges hold more sensors than one page shows (29 since Jacques Cartier's
  // main span got its six accelerometers), so the operator searches as a user would.
  await showOnly(operator, 'sensors', SENSOR_A);
  await expect(operator.getByRole('cell', { name: SENSOR_A })).toBeVisible();
  await expect(operator.getByRole('button', { name: /^Delete / })).toHaveCount(0);

  // Deleting asks first, names what is attached, and removes it all only when asked.
  await staff.goto('/bridges');
  await showOnly(staff, 'bridges', LOCATION);
  await staff.getByRole('button', { name: `Delete ${BRIDGE_NAME}` }).click();
  const confirm = staff.getByRole('dialog');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm.getByRole('alert')).toContainText('1 span and 2 sensors');
  await confirm.getByRole('button', { name: 'Delete with everything attached' }).click();
  await toast(staff, 'Bridge deleted successfully');
  await expect(staff.getByText(/No rows match/)).toBeVisible();
});
