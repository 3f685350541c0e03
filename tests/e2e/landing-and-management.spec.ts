import { type Page, expect, test } from '@playwright/test';
import { DEMO_OPERATOR, DEMO_STAFF, openSignedIn } from '../helpers/e2e-session';
import { loaded } from '../helpers/e2e-loaded';

// Issue 36, items 11 and 12, at both sizes: the map's sidebar offers the top bar's destinations,
// and Bridge Management's create buttons are there without a filter, refuse a data type the
// sensor cannot record and do not offer bridge names already in use.

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 900 }, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true },
] as const;

/** The map's sidebar, opened first on a phone, where it is a drawer. */
async function mapMenu(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Map menu' });
  await loaded(page.getByRole('heading', { name: 'Bridge Locations' })).toBeAttached();
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  return menu;
}

async function staffToken(page: Page): Promise<string> {
  return (await page.evaluate(() => window.localStorage.getItem('access'))) ?? '';
}

for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test("item 11: the map's sidebar offers Inspections, Operations and Audit log to staff", async ({
      page,
    }) => {
      await openSignedIn(page, DEMO_STAFF, '/map');
      const menu = await mapMenu(page);
      for (const name of ['Inspections', 'Operations', 'Audit log']) {
        await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
      }
      await menu.getByRole('link', { name: 'Inspections', exact: true }).click();
      await loaded(page).toHaveURL(/\/inspections/);
    });

    test("item 11: an operator's sidebar offers Inspections, not the staff screens", async ({
      page,
    }) => {
      await openSignedIn(page, DEMO_OPERATOR, '/map');
      const menu = await mapMenu(page);
      await expect(menu.getByRole('link', { name: 'Inspections', exact: true })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Operations' })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    });

    test('item 12: create buttons say what they need, and Add Sensor asks for its span', async ({
      page,
    }) => {
      await openSignedIn(page, DEMO_STAFF, '/bridges');
      await loaded(page.getByRole('heading', { name: 'Bridge Management' })).toBeVisible();

      // The spec shows Add Span once a bridge is selected; until then a line says so.
      await page.getByRole('tab', { name: 'Spans' }).click();
      await expect(page.getByRole('button', { name: 'Add Span', exact: true })).toHaveCount(0);
      await expect(page.getByText('Select a bridge to add a span')).toBeVisible();
      await page.getByLabel('Bridge', { exact: true }).selectOption({ label: 'Lions Gate Bridge' });
      await page.getByRole('button', { name: 'Add Span', exact: true }).click();
      const create = page.getByRole('dialog', { name: 'Create Span on Lions Gate Bridge' });
      await expect(create).toBeVisible();
      await create.getByRole('button', { name: 'Cancel' }).click();
      // The span row's action says what it does ('Sensors' opened a create-sensor form).
      await expect(page.getByRole('button', { name: /^Add a sensor to / }).first()).toHaveText(
        'Add Sensor',
      );

      await page.getByRole('tab', { name: 'Sensors' }).click();
      await expect(page.getByRole('button', { name: 'Add Sensor', exact: true })).toBeVisible();
      await expect(page.getByText('Select a sensor to add a datastream')).toBeVisible();
      await page.getByRole('button', { name: 'Add Sensor', exact: true }).click();
      const chooseSpan = page.getByRole('dialog', { name: 'Add Sensor' });
      await expect(chooseSpan.getByLabel('Span')).toBeVisible();
      await chooseSpan.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('tab', { name: 'Datastreams' }).click();
      await expect(page.getByRole('button', { name: 'Add DataStream', exact: true })).toBeVisible();
    });

    test('item 12: a data type the sensor cannot record is refused by the form and the server', async ({
      page,
    }) => {
      await openSignedIn(page, DEMO_STAFF, '/bridges');
      await page.getByRole('tab', { name: 'Datastreams' }).click();
      await page.getByRole('button', { name: 'Add DataStream', exact: true }).click();
      const choose = page.getByRole('dialog', { name: 'Add DataStream' });
      await choose
        .getByLabel('Sensor')
        .selectOption({ label: 'lions-gate-s1-str (Lions Gate Bridge)' });
      await choose.getByRole('button', { name: 'Next' }).click();
      const dialog = page.getByRole('dialog', { name: 'Manage Datastream for lions-gate-s1-str' });
      await dialog.getByLabel('Stream ID').fill(`e2e-wrong-type-${size.name}`);
      await dialog.getByLabel('Data Type').selectOption('acceleration');
      await dialog.getByRole('button', { name: 'Create Datastream' }).click();
      await expect(
        dialog.getByText('A strain gauge records strain, not acceleration'),
      ).toBeVisible();

      const token = await staffToken(page);
      const sensors = (await (
        await page.request.get('/api/v1/sensors', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { id: number; sensor_id: string }[];
      const gauge = sensors.find((s) => s.sensor_id === 'lions-gate-s1-str');
      const response = await page.request.post('/api/v1/datastreams/create', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          stream_id: `e2e-wrong-type-api-${size.name}`,
          data_type: 'acceleration',
          sensors: [gauge?.id],
        },
      });
      expect(response.status()).toBe(400);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/^data_type: /);
    });

    test('item 12: the bridge-name list leaves out names already in use', async ({ page }) => {
      await openSignedIn(page, DEMO_STAFF, '/bridges');
      await page.getByRole('button', { name: 'Add Bridge' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Bridge' });
      const names = dialog.getByLabel('Bridge name');
      // The external list has loaded once it offers more than the placeholder.
      await expect.poll(() => names.locator('option').count()).toBeGreaterThan(1);
      const offered = await names.locator('option').allTextContents();
      for (const used of ['Lions Gate Bridge', 'Confederation Bridge', 'Jacques Cartier Bridge']) {
        expect(offered).not.toContain(used);
      }
    });
  });
}
