import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

interface EscalationBody {
  company_id: number;
  tier2_minutes: number;
  tier3_minutes: number;
  reminder_minutes: number | null;
  custom: boolean;
  defaults: { tier2_minutes: number; tier3_minutes: number; reminder_minutes: number | null };
}

/** Acme's administrator and engineer; Other's administrator; platform staff. */
async function cast(t: TestContext) {
  const admin = await companyPerson(t, 'acme-admin', 'Acme Bridges', { admin: true });
  const ada = await companyPerson(t, 'ada', 'Acme Bridges');
  const otherAdmin = await companyPerson(t, 'other-admin', 'Other Crossings', { admin: true });
  const staff = await companyPerson(t, 'sam', 'SpanWatch Platform', { staff: true });
  return { admin, ada, otherAdmin, staff, acme: admin.row.companyId };
}

const GOOD = { tier2_minutes: 5, tier3_minutes: 20, reminder_minutes: 10 };
// The test app's configuration leaves the server's default escalation as shipped.
const DEFAULTS = { tier2_minutes: 15, tier3_minutes: 60, reminder_minutes: 30 };

describe.each(drivers)("a company's escalation settings on %s", (kind) => {
  const t = setupTestApp(kind);

  it('answers the defaults until the administrator sets its own, audits the change, and resets', async () => {
    const { admin, ada, acme } = await cast(t);
    const url = `/api/v1/companies/${acme}/escalation`;
    const first = await t.request<EscalationBody>({ method: 'GET', url, token: ada.token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      company_id: acme,
      ...DEFAULTS,
      custom: false,
      defaults: DEFAULTS,
    });

    const set = await t.request<EscalationBody>({
      method: 'PUT',
      url,
      token: admin.token,
      body: GOOD,
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ company_id: acme, ...GOOD, custom: true, defaults: DEFAULTS });
    const none = await t.request<EscalationBody>({
      method: 'PUT',
      url,
      token: admin.token,
      body: { ...GOOD, reminder_minutes: null },
    });
    expect(none.body.reminder_minutes).toBeNull();
    const read = await t.request<EscalationBody>({ method: 'GET', url, token: ada.token });
    expect(read.body).toMatchObject({ ...GOOD, reminder_minutes: null, custom: true });

    const audited = await t.services.database.db
      .select({ objectType: auditLog.objectType, objectId: auditLog.objectId })
      .from(auditLog)
      .where(eq(auditLog.operation, 'updateCompanyEscalation'));
    expect(audited).toEqual([
      { objectType: 'company', objectId: String(acme) },
      { objectType: 'company', objectId: String(acme) },
    ]);

    const reset = await t.request<EscalationBody>({ method: 'DELETE', url, token: admin.token });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ ...DEFAULTS, custom: false });
    const after = await t.request<EscalationBody>({ method: 'GET', url, token: admin.token });
    expect(after.body.custom).toBe(false);
  });

  it('refuses each bad field with a 400 naming it', async () => {
    const { admin, acme } = await cast(t);
    const url = `/api/v1/companies/${acme}/escalation`;
    const cases: [object, string][] = [
      [{ ...GOOD, tier2_minutes: 0 }, 'tier2_minutes: a whole number of minutes from 1 to 1440'],
      [{ ...GOOD, tier2_minutes: 1441 }, 'tier2_minutes: a whole number of minutes from 1 to 1440'],
      [{ ...GOOD, tier2_minutes: 2.5 }, 'tier2_minutes'],
      [{ ...GOOD, tier2_minutes: 'soon' }, 'tier2_minutes'],
      [{ ...GOOD, tier3_minutes: 2881 }, 'tier3_minutes: a whole number of minutes from 2 to 2880'],
      [{ ...GOOD, tier3_minutes: 5 }, 'tier3_minutes: must be later than tier 2 (5 minutes)'],
      [{ ...GOOD, tier3_minutes: 4 }, 'tier3_minutes: must be later than tier 2 (5 minutes)'],
      [
        { ...GOOD, reminder_minutes: 4 },
        'reminder_minutes: a whole number of minutes from 5 to 1440, or none',
      ],
      [
        { ...GOOD, reminder_minutes: 1441 },
        'reminder_minutes: a whole number of minutes from 5 to 1440, or none',
      ],
      [{ tier2_minutes: 5, tier3_minutes: 20 }, 'reminder_minutes'],
    ];
    for (const [body, detail] of cases) {
      const response = await t.request<{ detail: string }>({
        method: 'PUT',
        url,
        token: admin.token,
        body,
      });
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
      expect(response.body.detail).toContain(detail);
    }
    const stored = await t.request<EscalationBody>({ method: 'GET', url, token: admin.token });
    expect(stored.body.custom).toBe(false);
  });

  it('lets staff set any company, refuses an operator (403) and another company (404)', async () => {
    const { ada, otherAdmin, staff, acme } = await cast(t);
    const url = `/api/v1/companies/${acme}/escalation`;
    const byStaff = await t.request({ method: 'PUT', url, token: staff.token, body: GOOD });
    expect(byStaff.status).toBe(200);
    const byOperator = await t.request({ method: 'PUT', url, token: ada.token, body: DEFAULTS });
    expect(byOperator.status).toBe(403);
    const resetByOperator = await t.request({ method: 'DELETE', url, token: ada.token });
    expect(resetByOperator.status).toBe(403);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const foreign = await t.request<{ detail: string }>({
        method,
        url,
        token: otherAdmin.token,
        ...(method === 'PUT' ? { body: DEFAULTS } : {}),
      });
      expect([method, foreign.status]).toEqual([method, 404]);
      const ghost = await t.request<{ detail: string }>({
        method,
        url: '/api/v1/companies/999999/escalation',
        token: otherAdmin.token,
        ...(method === 'PUT' ? { body: DEFAULTS } : {}),
      });
      expect(foreign.body.detail.replace(String(acme), '#')).toBe(
        ghost.body.detail.replace('999999', '#'),
      );
    }
    const kept = await t.request<EscalationBody>({ method: 'GET', url, token: staff.token });
    expect(kept.body).toMatchObject({ ...GOOD, custom: true });
  });
});
