import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ackLinkKey, signAckLink } from '../../server/alerts/ack-link.ts';
import { DEMO_OPERATOR as OPERATOR } from '../helpers/e2e-session';

// Issue 32: the link in an alert email, opened signed out, goes through sign-in and back, and
// acknowledges the alert with the comment typed there. The server's demo analyses raise the
// alerts; the link is signed as the server signs its emails (its secret is in its data dir).
const EVALUATION_TIMEOUT_MS = 300_000;

async function operatorApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: OPERATOR.email, password: OPERATOR.password },
  });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };
  return (path: string) => request.get(path, { headers });
}

test('an alert email link acknowledges the alert with a comment after sign-in', async ({
  page,
}) => {
  test.setTimeout(EVALUATION_TIMEOUT_MS + 60_000);
  const get = await operatorApi(page.request);
  const me = (await (await get('/api/v1/user/me')).json()) as { id: number };
  let alertId = 0;
  await expect
    .poll(
      async () => {
        const alerts = (await (await get('/api/v1/alerts?state=active')).json()) as {
          id: number;
        }[];
        alertId = alerts[0]?.id ?? 0;
        return alertId;
      },
      { timeout: EVALUATION_TIMEOUT_MS, intervals: [2000] },
    )
    .toBeGreaterThan(0);

  const secret = readFileSync(
    join(process.env.SPANWATCH_E2E_DATA_DIR ?? '', 'jwt_secret.key'),
    'utf8',
  ).trim();
  const token = signAckLink(ackLinkKey(secret), {
    alertId,
    userId: me.id,
    nonce: `alert-${alertId}.tier-1.user-${me.id}.email`,
    expiresAt: new Date(Date.now() + 3_600_000),
  });

  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  await page.goto(`/acknowledge?token=${token}`);
  await expect(page).toHaveURL(/\/login\?next=/, { timeout: 20_000 });
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/acknowledge\?token=/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Acknowledge alert' })).toBeVisible();
  await page.getByLabel('Comment (required)').fill('Checked from the email on site.');
  await page.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByRole('status')).toContainText(`Acknowledged by ${OPERATOR.username} at `, {
    timeout: 20_000,
  });
  await expect(page.getByRole('status')).toContainText('“Checked from the email on site.”');

  const stored = (await (await get(`/api/v1/alerts?state=acknowledged`)).json()) as {
    id: number;
    comment: string;
  }[];
  expect(stored.find((alert) => alert.id === alertId)?.comment).toBe(
    'Checked from the email on site.',
  );

  // Opened again, the used link says so.
  await page.goto(`/acknowledge?token=${token}`);
  await expect(page.getByText(/This acknowledge link has already been used/)).toBeVisible({
    timeout: 20_000,
  });
});
