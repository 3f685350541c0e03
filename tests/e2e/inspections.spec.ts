import { type Browser, type Page, expect, test } from '@playwright/test';

// Demo accounts seeded into the empty database the Playwright server starts on.
const STAFF = { email: 'staff@spanwatch.demo', password: 'SpanWatch-staff-1' };
const OPERATOR = { email: 'operator@spanwatch.demo', password: 'SpanWatch-operator-1' };

async function signIn(browser: Browser, account: typeof STAFF): Promise<Page> {
  const page = await browser.newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/map');
  return page;
}

test("the calendar puts the demo's overdue inspection first, then the one due soon", async ({
  browser,
}) => {
  const operator = await signIn(browser, OPERATOR);
  await operator.goto('/bridges');
  await operator.getByRole('link', { name: 'Inspections' }).click();
  await expect(operator.getByRole('heading', { level: 1, name: 'Inspections' })).toBeVisible();
  const rows = operator
    .getByRole('table', { name: /Inspections overdue and due/ })
    .getByRole('row');
  await expect(rows.nth(1)).toContainText('Lions Gate Bridge');
  await expect(rows.nth(1)).toContainText('Overdue');
  await expect(rows.filter({ hasText: 'Confederation Bridge' })).toContainText('Due soon');
  // Recording is for staff only.
  await expect(operator.getByRole('button', { name: 'Record inspection' })).toHaveCount(0);
});

test("staff record an inspection and the bridge's dashboard shows it", async ({ browser }) => {
  const staff = await signIn(browser, STAFF);
  await staff.goto('/inspections');
  await staff.getByRole('button', { name: 'Record inspection' }).click();
  const dialog = staff.getByRole('dialog', { name: 'Record inspection' });
  await dialog.getByLabel('Bridge').selectOption({ label: 'Quebec Bridge' });
  await dialog.getByLabel('Kind').selectOption({ label: 'Special (after an event)' });
  await dialog.getByLabel('Inspector').fill('E2E Inspector');
  await dialog.getByLabel('Deck rating (0-9)').fill('8');
  await dialog.getByLabel('Superstructure rating (0-9)').fill('8');
  await dialog.getByLabel('Substructure rating (0-9)').fill('7');
  await dialog.getByLabel('Findings').fill('Checked after the ice storm: no damage.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Inspection of Quebec Bridge recorded')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await staff.goto('/bridges');
  await staff.getByRole('link', { name: 'Quebec Bridge' }).first().click();
  const index = staff.getByRole('region', { name: 'Bridge Condition Index', exact: true });
  await expect(index).toContainText('Special (after an event)');
  await expect(index).toContainText('Deck 8 · Superstructure 8 · Substructure 7');
});
