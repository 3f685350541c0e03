import { type Browser, type Page, expect, test } from '@playwright/test';

import {
  type Account,
  DEMO_OPERATOR as OPERATOR,
  DEMO_STAFF as STAFF,
  newSignedInPage,
} from '../helpers/e2e-session';

const tag = Date.now().toString(36);

async function signIn(browser: Browser, account: Account): Promise<Page> {
  const page = await newSignedInPage(browser, account, '/map');
  await expect(page).toHaveURL('/map');
  return page;
}

test('an operator is sent from /operations to the map and has no Operations entry', async ({
  browser,
}) => {
  const operator = await signIn(browser, OPERATOR);
  await expect(operator.getByRole('link', { name: 'Operations' })).toHaveCount(0);
  await operator.goto('/operations');
  await expect(operator).toHaveURL('/map');
});

test('staff reach Operations from the top bar of the signed-in screens', async ({ browser }) => {
  const staff = await signIn(browser, STAFF);
  // The other screens' top bar offers Operations (the map's sidebar too, issue 36 item 11).
  await staff.goto('/bridges');
  await staff.getByRole('link', { name: 'Operations' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
});

test('staff create an ingest token, see its secret once with commands, then revoke it', async ({
  browser,
}) => {
  // Straight to /operations: the map's page load first only spent the test's time under load.
  const staff = await newSignedInPage(browser, STAFF, '/operations');
  await staff.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const section = staff.getByRole('region', { name: 'Ingest tokens' });
  await section.getByLabel('Bridge').selectOption({ label: 'Quebec Bridge' });
  await section.getByLabel('Token name').fill(`gateway ${tag}`);
  await section.getByRole('button', { name: 'Create token' }).click();

  const dialog = staff.getByRole('dialog', { name: 'Ingest token created' });
  await expect(dialog.getByText('it is shown only once', { exact: false })).toBeVisible();
  const secret = (await dialog.getByLabel('Token secret').textContent()) ?? '';
  expect(secret.length).toBeGreaterThan(20);
  await expect(dialog.getByLabel('curl example')).toContainText('/api/v1/ingest');
  await expect(dialog.getByLabel('curl example')).toContainText(`X-Ingest-Token: ${secret}`);
  await expect(dialog.getByLabel('MQTT example')).toContainText('mosquitto_pub');
  await expect(dialog.getByLabel('MQTT example')).toContainText(/-u 'bridge-\d+-token-\d+'/);
  await dialog.getByRole('button', { name: 'Copy token' }).click();
  await expect(dialog.getByRole('button', { name: 'Copy token' })).toHaveText('Copied');
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The list shows the prefix, never the secret.
  const row = section.getByRole('row', { name: new RegExp(`gateway ${tag}`) });
  await expect(row).toContainText(secret.slice(0, 6));
  await expect(row).not.toContainText(secret);
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Revoke gateway ${tag}` }).click();
  const confirm = staff.getByRole('dialog', { name: 'Revoke ingest token' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Revoke gateway ${tag}` }).click();
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(row).toContainText('Revoked');

  // A revoked token is refused by the ingest.
  const refused = await staff.request.post('/api/v1/ingest', {
    headers: { 'X-Ingest-Token': secret, 'Content-Type': 'application/json' },
    data: [],
  });
  expect(refused.status()).toBe(401);
});

test('staff read contact messages and mark one handled', async ({ browser }) => {
  const staff = await signIn(browser, STAFF);
  const sent = await staff.request.post('/api/auth/contact/', {
    data: { first_name: `Ada${tag}`, email: 'ada@example.ca', message: 'A quote, please.' },
  });
  expect(sent.status()).toBe(201);
  await staff.goto('/operations');
  const section = staff.getByRole('region', { name: 'Contact messages' });
  const row = section.getByRole('row', { name: new RegExp(`Ada${tag}`) });
  await expect(row).toContainText('A quote, please.');
  await expect(row).toContainText('Waiting');
  await row.getByRole('button', { name: `Mark handled: message from Ada${tag}` }).click();
  await expect(row).toContainText('Handled');
  await staff.reload();
  await expect(
    section.getByRole('row', { name: new RegExp(`Ada${tag}`) }).getByText(/^Handled/),
  ).toBeVisible();
});

test('staff see each bridge analysis state; Analyse now waits while a job is queued or running', async ({
  browser,
}) => {
  const staff = await newSignedInPage(browser, STAFF, '/operations');
  const section = staff.getByRole('region', { name: 'Analysis status' });
  // The first start queues every demo bridge: the light ones wait behind the detailed three.
  const row = section.getByRole('row', { name: /Broadway Bridge/ });
  const analyse = row.getByRole('button', { name: 'Analyse Broadway Bridge now' });
  await expect(row).toContainText(/Queued|Running|Evaluated|Idle|Failed|Never|\d/);
  // Where the first start's queue stands depends on the machine: a bridge waiting or running
  // cannot be queued again; one at rest can, and then waits.
  if (/Queued|Running/.test((await row.textContent()) ?? '')) {
    await expect(analyse).toBeDisabled();
  } else {
    await analyse.click();
    await expect(row).toContainText(/Queued|Running/);
    await expect(analyse).toBeDisabled();
  }
});
