import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_STAFF, openSignedIn } from '../helpers/e2e-session';
import { loaded } from '../helpers/e2e-loaded';
import { pageOverflow, seriousViolations } from '../helpers/e2e-page-checks';

// Issue 32 (decision 066): staff open Notifications and see who is on call now and the on-call
// calendar, on a desktop and on a phone, without the page moving sideways or axe finding a
// serious fault.

/** Staff's bearer header and own user, through the API as the app signs in. */
async function staffApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: DEMO_STAFF.email, password: DEMO_STAFF.password },
  });
  const { access } = (await login.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}` };
  const me = (await (await request.get('/api/v1/user/me', { headers })).json()) as {
    id: number;
    username: string;
    company_id: number;
  };
  return { headers, me };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('staff see who is on call now and the on-call calendar', async ({ page, request }) => {
      const { headers, me } = await staffApi(request);
      const name = `Bridge desk ${viewport.width}-${Date.now().toString(36)}`;
      const created = await request.post(`/api/v1/companies/${me.company_id}/rotas`, {
        headers,
        data: {
          name,
          rotation: 'daily',
          hand_off_time: '09:00',
          time_zone: 'America/Toronto',
          starts_on: '2026-01-01',
          members: [me.id],
        },
      });
      expect(created.status()).toBe(201);
      const rota = (await created.json()) as { id: number };
      try {
        await openSignedIn(page, DEMO_STAFF, '/notifications');
        await loaded(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
        await expect(page.getByRole('combobox', { name: 'Company' })).toBeVisible();

        const onCall = page.getByRole('list', { name: 'On call now' });
        await loaded(onCall.getByText(name)).toBeVisible();
        await expect(onCall).toContainText(me.username);
        await expect(onCall).toContainText('(America/Toronto)');

        // The calendar of the chosen rota: 14 days, the first today, reachable from the keyboard.
        const rotaChoice = page.getByRole('combobox', { name: 'Rota' });
        if (await rotaChoice.isVisible()) await rotaChoice.selectOption({ label: name });
        const calendar = page.getByRole('grid', { name: `On-call calendar of ${name}` });
        await loaded(calendar).toBeVisible();
        const days = calendar.getByRole('gridcell');
        await expect(days).toHaveCount(14);
        await expect(days.first()).toContainText('Today');
        await expect(days.nth(1)).toContainText(me.username);
        await days.first().focus();
        await page.keyboard.press('ArrowRight');
        await expect(days.nth(1)).toBeFocused();

        await expect(page.getByRole('table', { name: 'Delivery log' })).toBeVisible();
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({
          path: `test-results/notifications-${viewport.width}.png`,
          fullPage: true,
        });
      } finally {
        await request.delete(`/api/v1/companies/${me.company_id}/rotas/${rota.id}`, { headers });
      }
    });

    test('staff edit the escalation from the keyboard and read it back in words', async ({
      page,
      request,
    }) => {
      const { headers, me } = await staffApi(request);
      const url = `/api/v1/companies/${me.company_id}/escalation`;
      try {
        await openSignedIn(page, DEMO_STAFF, '/notifications');
        const escalation = page.getByRole('region', { name: 'Escalation' });
        await loaded(escalation.getByRole('list', { name: 'Escalation in force' })).toBeVisible();
        await escalation.getByRole('button', { name: 'Edit escalation' }).focus();
        await page.keyboard.press('Enter');
        const tier2 = escalation.getByRole('spinbutton', { name: /Tier 2 after/ });
        await tier2.fill('7');
        await escalation.getByRole('spinbutton', { name: /Reminder every/ }).fill('20');
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);
        await escalation.getByRole('button', { name: 'Save' }).press('Enter');
        await expect(page.getByText('Escalation saved')).toBeVisible();
        const words = escalation.getByRole('list', { name: 'Escalation in force' });
        await expect(words).toContainText('after 7 minutes without acknowledgement');
        await expect(words).toContainText('A reminder every 20 minutes');
        await expect(escalation).toContainText("The company's own escalation.");
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      } finally {
        await request.delete(url, { headers });
      }
    });
  });
}
