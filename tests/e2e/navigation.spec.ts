import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page, expect, test } from '@playwright/test';
import {
  type Account,
  DEMO_OPERATOR as OPERATOR,
  DEMO_STAFF as STAFF,
  openSignedIn,
} from '../helpers/e2e-session';
import { mapRegion } from '../helpers/e2e-map';

// Issue 18, navigation and phone: moving between bridges, the signed-in frame on every screen,
// touch on the map, admin tables on a phone, the skip link, and axe on every signed-in screen.
// The demo accounts are those the server seeds (README, Quick start); tiles are refused.
const SHOTS = process.env.SPANWATCH_SHOTS_DIR;

async function signIn(page: Page, account: Account) {
  await openSignedIn(page, account, '/map');
  await expect(page).toHaveURL('/map', { timeout: 60_000 });
  await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 60_000 });
}

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** WCAG contrast of a focused control's outline against the background it is drawn on. */
async function focusRingContrast(control: Locator): Promise<number> {
  await control.focus();
  return control.evaluate((element) => {
    const rgb = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ring = rgb(getComputedStyle(element).outlineColor);
    // The ring sits just outside the control: the background is its parent's, or further up.
    let node = element.parentElement;
    let background = [255, 255, 255];
    while (node) {
      const [r, g, b, a = 1] = rgb(getComputedStyle(node).backgroundColor);
      if (a > 0 && r !== undefined && g !== undefined && b !== undefined) {
        background = [r, g, b];
        break;
      }
      node = node.parentElement;
    }
    const [lighter, darker] = [luminance(ring), luminance(background)].sort((x, y) => y - x);
    return ((lighter ?? 0) + 0.05) / ((darker ?? 0) + 0.05);
  });
}

/** Reachable without sideways scrolling: wholly on screen once scrolled to, nothing overflows. */
async function reachable(page: Page, control: Locator) {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const table = page.getByRole('table');
  const hidden = await table.evaluate((t) => {
    const scroller = t.parentElement;
    return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
  });
  expect(hidden).toBeLessThanOrEqual(0);
}

// The demo server analyses its bridges while these run, on a shared machine: sign-in alone
// can take tens of seconds.
test.describe.configure({ timeout: 180_000 });

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the Bridges list shows each bridge's condition and opens its dashboard", async ({
    page,
  }) => {
    await signIn(page, OPERATOR);
    await page
      .getByRole('navigation', { name: 'Map menu' })
      .getByRole('link', { name: 'Bridges' })
      .click();
    await expect(heading(page)).toHaveText('Bridge Management');
    await expect(heading(page)).toBeFocused();
    await expect(page.getByRole('columnheader', { name: /Condition/ })).toBeVisible();
    const row = page.getByRole('row', { name: /Lions Gate Bridge/ });
    await expect(row).toContainText(/Good|Fair|Poor|Critical|Not assessed/);

    // The top bar carries the same entries as the map's sidebar on every other screen.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Bridge Locations' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Users' })).toHaveCount(0);

    await row.getByRole('link', { name: 'Lions Gate Bridge' }).click();
    await expect(page).toHaveURL(/\/dashboard\?bridge=\d+&name=Lions\+Gate\+Bridge$/);
    await expect(page.getByRole('heading', { level: 1, name: /Health condition$/ })).toBeFocused();
    await menu.getByRole('link', { name: 'Bridges' }).click();
    await expect(page).toHaveURL('/bridges');
  });

  test('the map names the bridges it cannot place', async ({ page }) => {
    await signIn(page, STAFF);
    const panel = page.getByRole('region', { name: 'Bridges without a location' });
    await expect(panel).toContainText('1 bridge has no location: set it in Bridge Management');
    await expect(panel.getByRole('listitem')).toHaveText([/^Hartland Covered/]);
    await shot(page, 'map-desktop-staff');
    await panel.getByRole('link', { name: 'Bridge Management' }).click();
    await expect(page).toHaveURL('/bridges');
  });

  test('a signed-in 404 keeps the frame and leads back to the map', async ({ page }) => {
    await signIn(page, OPERATOR);
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText('Bridge Management System');
    await expect(page.getByRole('link', { name: 'Go back home' })).toHaveAttribute('href', '/');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Back to the map' }).click();
    await expect(page).toHaveURL('/map');
  });

  test('the skip link is the first stop and lands in the content', async ({ page }) => {
    await signIn(page, OPERATOR);
    await page.goto('/bridges');
    await expect(heading(page)).toHaveText('Bridge Management');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'DASHBOARD' })).toBeFocused();
    // Focus rings of at least 3:1, on the dark bar as on the light page.
    expect(
      await focusRingContrast(page.getByRole('button', { name: 'Logout' })),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await focusRingContrast(page.getByRole('link', { name: 'DASHBOARD' })),
    ).toBeGreaterThanOrEqual(3);
  });

  test('axe finds no serious or critical violation on any signed-in screen', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, STAFF);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/bridges');
    await expect(page.getByRole('cell').first()).toBeVisible();
    // Staff's six entries, the name, Settings and Logout share one row of the bar.
    expect((await page.getByRole('banner').boundingBox())?.height).toBeLessThanOrEqual(64);
    for (const tab of ['Bridges', 'Spans', 'Sensors', 'Datastreams']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('cell').first()).toBeVisible();
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    await page.goto('/users');
    await expect(page.getByRole('cell').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Assign bridges demo-operator' }).click();
    await expect(page.getByRole('dialog').getByText(/of \d+ bridges selected/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expectStaffScreensClean(page);
  });
});

/** Operations, inspections, the audit log and the Settings dialog: the staff-only screens. */
async function expectStaffScreensClean(page: Page) {
  for (const [path, title] of [
    ['/operations', 'Operations'],
    ['/inspections', 'Inspections'],
    ['/audit', 'Audit log'],
  ] as const) {
    await page.goto(path);
    await expect(heading(page)).toHaveText(title);
    await expect(page.getByRole('progressbar')).toHaveCount(0, { timeout: 60_000 });
    expect(await seriousViolations(page), path).toEqual([]);
  }
  await page.goto('/map');
  await expect(page.getByText('Loading map...')).toHaveCount(0, { timeout: 60_000 });
  const settings = page.getByRole('button', { name: 'Settings' });
  const menu = page.getByRole('button', { name: 'Menu' });
  // On a phone the menu holds the entries.
  await expect(settings.or(menu).first()).toBeVisible();
  if (!(await settings.isVisible())) await menu.click();
  await settings.click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  expect(await seriousViolations(page), 'Settings').toEqual([]);
}

test.describe('on a 390 × 844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the Bridges list shows each bridge's condition and opens its dashboard", async ({
    page,
  }) => {
    await signIn(page, OPERATOR);
    await page.goto('/bridges');
    await expect(heading(page)).toHaveText('Bridge Management');
    const card = page.getByRole('row', { name: /Lions Gate Bridge/ });
    await expect(card).toContainText(/Good|Fair|Poor|Critical|Not assessed/);
    const link = card.getByRole('link', { name: 'Lions Gate Bridge' });
    await reachable(page, link);
    await link.tap();
    await expect(page).toHaveURL(/\/dashboard\?bridge=\d+&name=Lions\+Gate\+Bridge$/);
    await expect(page.getByRole('heading', { level: 1, name: /Health condition$/ })).toBeFocused();
  });

  test('axe finds no serious or critical violation on the staff screens', async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, STAFF);
    expect(await seriousViolations(page)).toEqual([]);
    await expectStaffScreensClean(page);
  });

  test('a compact bar; a tapped marker shows its popup with Open dashboard', async ({ page }) => {
    await signIn(page, OPERATOR);
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar?.height).toBeLessThanOrEqual(64);
    // Every one of the operator's bridges is on screen, within reach of a finger.
    const markers = mapRegion(page).getByRole('button', { name: /, condition / });
    await expect(markers).toHaveCount(3);
    for (const marker of await markers.all()) {
      await expect(marker).toBeInViewport();
      const box = await marker.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    expect((await zoomIn.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'map-phone-operator');

    await mapRegion(page)
      .getByRole('button', { name: /^Lions Gate Bridge,/ })
      .tap();
    const popup = page.locator('.leaflet-popup');
    await expect(popup.getByRole('heading', { name: 'Lions Gate Bridge' })).toBeVisible();
    await expect(page).toHaveURL('/map');
    await shot(page, 'map-phone-popup');
    await popup.getByRole('link', { name: 'Open dashboard' }).tap();
    await expect(page).toHaveURL(/\/dashboard\?bridge=\d+&name=Lions\+Gate\+Bridge$/);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('admin tables keep their actions on screen; the pager stays on its lines', async ({
    page,
  }) => {
    await signIn(page, STAFF);
    await page.goto('/bridges');
    const bar = await page.getByRole('banner').boundingBox();
    expect(bar?.height).toBeLessThanOrEqual(64);
    await expect(page.getByRole('cell').first()).toBeVisible();
    await reachable(page, page.getByRole('button', { name: /^Delete / }).first());
    const rowsPerPage = await page.getByText('Rows per page').boundingBox();
    expect(rowsPerPage?.height).toBeLessThan(50);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'bridges-phone-staff');
    expect(await seriousViolations(page)).toEqual([]);

    // The menu opens the navigation and the account controls under the bar.
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await shot(page, 'menu-phone-staff');
    await menu.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL('/users');
    await expect(menu).toBeHidden();
    await page.getByLabel('Search users').fill('operator@spanwatch.demo');
    const assign = page.getByRole('button', { name: 'Assign bridges demo-operator' });
    await reachable(page, assign);
    expect((await assign.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await page.getByLabel('Search users').fill('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'users-phone-staff');
    expect(await seriousViolations(page)).toEqual([]);

    await assign.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/of \d+ bridges selected/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Assign' })).toBeInViewport();
    const firstChoice = await dialog.getByRole('listitem').first().boundingBox();
    expect(firstChoice?.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'assign-phone-staff');
  });
});
