import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PRAIRIE_ADMIN, openSignedIn } from '../helpers/e2e-session';
import { loaded } from '../helpers/e2e-loaded';
import { pageOverflow, seriousViolations } from '../helpers/e2e-page-checks';

// Issue 32 (decision 077): a company administrator writes a bridge's trigger-action-response
// plan on the Notifications screen, on a desktop and on a phone: an amber and a red action, each
// with an owner and a due time; a bad due time is refused beside its field; once saved the plan
// reads in words. Prairie Crossings' administrator and bridge, whose plan is emptied after.

/** The administrator's bearer header, company and first bridge, through the API. */
async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: DEMO_PRAIRIE_ADMIN });
  const { access } = (await login.json()) as { access: string };
  const headers = { authorization: `Bearer ${access}` };
  const me = (await (await request.get('/api/v1/user/me', { headers })).json()) as {
    company_id: number;
  };
  const bridges = (await (await request.get('/api/v1/bridges', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const bridge = bridges[0];
  if (!bridge) throw new Error('the Prairie administrator sees no bridge');
  return { headers, companyId: me.company_id, bridge };
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a company administrator writes a response plan, is refused a bad due time, and reads it in words', async ({
      page,
      request,
    }) => {
      const { headers, companyId, bridge } = await adminApi(request);
      const crewName = `Inspection crew ${viewport.width}-${Date.now().toString(36)}`;
      const created = await request.post(`/api/v1/companies/${companyId}/contact-groups`, {
        headers,
        data: { name: crewName, members: [] },
      });
      expect(created.status()).toBe(201);
      const crew = (await created.json()) as { id: number };
      try {
        await openSignedIn(page, DEMO_PRAIRIE_ADMIN, '/notifications');
        const plans = page.getByRole('region', { name: 'Response plans' });
        await loaded(plans.getByRole('combobox', { name: 'Bridge' })).toBeVisible();
        await plans.getByRole('combobox', { name: 'Bridge' }).selectOption({ label: bridge.name });
        await loaded(plans.getByText('Amber level')).toBeVisible();
        await plans.getByRole('button', { name: 'Edit plan' }).click();
        const form = plans.getByRole('form', { name: 'Edit response plan' });

        await form.getByRole('button', { name: 'Add amber action' }).click();
        const amber = form.getByRole('group', { name: 'Amber action 1' });
        await amber
          .getByRole('textbox', { name: 'Amber action 1: what to do' })
          .fill('Inspect the east span bearings');
        await amber.getByRole('spinbutton', { name: 'Due within (hours)' }).fill('72');
        await amber.getByRole('combobox', { name: 'Owner' }).selectOption({ label: crewName });

        await form.getByRole('button', { name: 'Add red action' }).click();
        const red = form.getByRole('group', { name: 'Red action 1' });
        await red
          .getByRole('textbox', { name: 'Red action 1: what to do' })
          .fill('Close the bridge to heavy vehicles');
        const redDue = red.getByRole('spinbutton', { name: 'Due within (hours)' });
        // No time at all is no response to a red level: refused beside the field, nothing sent.
        await redDue.fill('0');
        await form.getByRole('button', { name: 'Save' }).click();
        await expect(redDue).toHaveAttribute('aria-invalid', 'true');
        await expect(redDue).toHaveAccessibleDescription(/a whole number of hours from 1 to 8760/i);
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(page)).toEqual([]);

        await redDue.fill('2');
        await expect(redDue).not.toHaveAttribute('aria-invalid', 'true');
        await form.getByRole('button', { name: 'Save' }).press('Enter');
        await expect(page.getByText('Response plan saved')).toBeVisible();

        await expect(plans.getByRole('list', { name: 'amber level actions' })).toHaveText(
          `Inspect the east span bearings, within 72 hours (${crewName})`,
        );
        await expect(plans.getByRole('list', { name: 'red level actions' })).toHaveText(
          'Close the bridge to heavy vehicles, within 2 hours (Company administrators)',
        );
        expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `test-results/response-plan-${viewport.width}.png`,
          fullPage: true,
        });

        // What the screen says is what the server keeps.
        const stored = (await (
          await request.get(`/api/v1/bridges/${bridge.id}/response-plan`, { headers })
        ).json()) as {
          amber: { text: string; due_hours: number; owner_group: number | null }[];
          red: { text: string; due_hours: number; owner_group: number | null }[];
        };
        expect(stored.amber).toMatchObject([
          { text: 'Inspect the east span bearings', due_hours: 72, owner_group: crew.id },
        ]);
        expect(stored.red).toMatchObject([
          { text: 'Close the bridge to heavy vehicles', due_hours: 2, owner_group: null },
        ]);
      } finally {
        await request.put(`/api/v1/bridges/${bridge.id}/response-plan`, {
          headers,
          data: { amber: [], red: [] },
        });
        await request.delete(`/api/v1/companies/${companyId}/contact-groups/${crew.id}`, {
          headers,
        });
      }
    });
  });
}
