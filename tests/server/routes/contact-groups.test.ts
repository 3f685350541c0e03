import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_CONTACT_GROUPS } from '../../../domain/notification-rules.ts';
import { auditLog } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

interface GroupBody {
  id: number;
  name: string;
  members: number[];
}
interface RuleBody {
  id: number;
  bridge_id: number | null;
  alert_types: string[] | null;
  min_severity: string;
  group_id: number;
  channels: string[];
  tier: number;
}

/** Acme's administrator, engineer and bridge; Other's administrator, engineer and bridge. */
async function cast(t: TestContext) {
  const admin = await companyPerson(t, 'acme-admin', 'Acme Bridges', { admin: true });
  const ada = await companyPerson(t, 'ada', 'Acme Bridges');
  const otherAdmin = await companyPerson(t, 'other-admin', 'Other Crossings', { admin: true });
  const olga = await companyPerson(t, 'olga', 'Other Crossings');
  const acme = admin.row.companyId;
  const other = otherAdmin.row.companyId;
  const bridge = await t.services.bridges.create({
    companyId: acme,
    name: 'Humber',
    location: 'R',
  });
  const theirs = await t.services.bridges.create({
    companyId: other,
    name: 'Credit',
    location: 'R',
  });
  return { admin, ada, otherAdmin, olga, acme, other, bridge, theirs };
}

const critical = (groupId: number, bridgeId: number | null) => ({
  bridge_id: bridgeId,
  alert_types: ['Structural Warning'],
  min_severity: 'Critical',
  group_id: groupId,
  channels: ['email', 'sms'],
});

describe.each(drivers)('contact groups and notification rules on %s', (kind) => {
  const t = setupTestApp(kind);

  it("lets a company's administrator keep groups and rules, its users read them, and audits the change", async () => {
    const { admin, ada, acme, bridge } = await cast(t);
    const groups = `/api/v1/companies/${acme}/contact-groups`;
    const rules = `/api/v1/companies/${acme}/notification-rules`;
    const group = await t.request<GroupBody>({
      method: 'POST',
      url: groups,
      token: admin.token,
      body: { name: ' Structures ', members: [ada.row.id] },
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({ name: 'Structures', members: [ada.row.id] });
    const rule = await t.request<RuleBody>({
      method: 'POST',
      url: rules,
      token: admin.token,
      body: critical(group.body.id, bridge.id),
    });
    expect(rule.status).toBe(201);
    expect(rule.body).toMatchObject({ ...critical(group.body.id, bridge.id), tier: 1 });

    const read = await t.request<RuleBody[]>({ method: 'GET', url: rules, token: ada.token });
    expect(read.status).toBe(200);
    expect(read.body.map((r) => r.id)).toEqual([rule.body.id]);
    const changed = await t.request<RuleBody>({
      method: 'PUT',
      url: `${rules}/${rule.body.id}`,
      token: admin.token,
      body: { ...critical(group.body.id, null), alert_types: null, tier: 2 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ bridge_id: null, alert_types: null, tier: 2 });
    const renamed = await t.request<GroupBody>({
      method: 'PUT',
      url: `${groups}/${group.body.id}`,
      token: admin.token,
      body: { name: 'Night desk', members: [admin.row.id, ada.row.id] },
    });
    expect(renamed.body.members.sort()).toEqual([admin.row.id, ada.row.id].sort());
    const entries = await t.services.database.db
      .select({ record: auditLog.record })
      .from(auditLog)
      .where(eq(auditLog.operation, 'updateContactGroup'));
    expect(entries.map((entry) => entry.record)).toEqual(
      expect.arrayContaining(['contact_groups', 'contact_group_members']),
    );

    // An engineer reads, but does not write.
    const refused = await t.request({
      method: 'DELETE',
      url: `${groups}/${group.body.id}`,
      token: ada.token,
    });
    expect(refused.status).toBe(403);
    // Removing the group removes the rules that send to it.
    const removed = await t.request({
      method: 'DELETE',
      url: `${groups}/${group.body.id}`,
      token: admin.token,
    });
    expect(removed.status).toBe(204);
    const left = await t.request<RuleBody[]>({ method: 'GET', url: rules, token: admin.token });
    expect(left.body).toEqual([]);
  });

  it('refuses groups and rules naming what is not the company’s with a 400 naming the field', async () => {
    const { admin, ada, olga, acme, other, theirs } = await cast(t);
    const groups = `/api/v1/companies/${acme}/contact-groups`;
    const own = await t.services.contactGroups.createGroup(acme, { name: 'Own', members: [] });
    const foreign = await t.services.contactGroups.createGroup(other, { name: 'F', members: [] });
    const groupCases: [object, string][] = [
      [
        { name: 'G', members: [olga.row.id] },
        `members: no user with id ${olga.row.id} in this company`,
      ],
      [{ name: 'G', members: [999_999] }, 'members: no user with id 999999 in this company'],
      [{ name: 'G', members: [ada.row.id, ada.row.id] }, 'members: each member once'],
      [{ name: '   ', members: [] }, 'name: '],
      [{ name: 'G', members: Array.from({ length: 51 }, (_, i) => i + 1) }, 'members'],
    ];
    for (const [body, detail] of groupCases) {
      const response = await t.request<{ detail: string }>({
        method: 'POST',
        url: groups,
        token: admin.token,
        body,
      });
      expect(response.status, detail).toBe(400);
      expect(response.body.detail, detail).toContain(detail);
    }
    const ruleCases: [object, string][] = [
      [critical(own.id, theirs.id), `bridge_id: no bridge with id ${theirs.id} in this company`],
      [critical(own.id, 999_999), 'bridge_id: no bridge with id 999999 in this company'],
      [
        critical(foreign.id, null),
        `group_id: no contact group with id ${foreign.id} in this company`,
      ],
      [{ ...critical(own.id, null), channels: ['pager'] }, 'channels'],
      // Not rule channels (decision 060, amended): they would change nothing.
      [{ ...critical(own.id, null), channels: ['in_app'] }, 'channels'],
      [{ ...critical(own.id, null), channels: ['email', 'webhook'] }, 'channels'],
      [{ ...critical(own.id, null), channels: ['email', 'email'] }, 'channels: each channel once'],
      [{ ...critical(own.id, null), alert_types: ['Earthquake'] }, 'alert_types'],
      [{ ...critical(own.id, null), alert_types: [] }, 'alert_types'],
      [{ ...critical(own.id, null), min_severity: 'Severe' }, 'min_severity'],
      [{ ...critical(own.id, null), tier: 4 }, 'tier'],
    ];
    for (const [body, detail] of ruleCases) {
      const response = await t.request<{ detail: string }>({
        method: 'POST',
        url: `/api/v1/companies/${acme}/notification-rules`,
        token: admin.token,
        body,
      });
      expect(response.status, detail).toBe(400);
      expect(response.body.detail, detail).toContain(detail);
    }
    expect(await t.services.contactGroups.listRules(acme)).toEqual([]);
  });

  it('keeps a company to its bound of groups', async () => {
    const { admin, acme } = await cast(t);
    for (let i = 0; i < MAX_CONTACT_GROUPS; i += 1) {
      await t.services.contactGroups.createGroup(acme, { name: `Group ${i}`, members: [] });
    }
    const response = await t.request<{ detail: string }>({
      method: 'POST',
      url: `/api/v1/companies/${acme}/contact-groups`,
      token: admin.token,
      body: { name: 'One too many', members: [] },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe('name: a company keeps at most 50 groups');
  });

  it("answers another company's groups and rules as an unknown company", async () => {
    const { otherAdmin, acme, other } = await cast(t);
    const theirs = await t.services.contactGroups.createGroup(other, { name: 'T', members: [] });
    const read = await t.request({
      method: 'GET',
      url: `/api/v1/companies/${acme}/contact-groups`,
      token: otherAdmin.token,
    });
    expect(read.status).toBe(404);
    // Their own company's path, but another company's group id: an unknown group.
    const own = await t.services.contactGroups.createGroup(acme, { name: 'A', members: [] });
    const crossed = await t.request({
      method: 'DELETE',
      url: `/api/v1/companies/${other}/contact-groups/${own.id}`,
      token: otherAdmin.token,
    });
    expect(crossed.status).toBe(404);
    expect((await t.services.contactGroups.listGroups(acme)).map((g) => g.id)).toEqual([own.id]);
    expect(theirs.companyId).toBe(other);
  });
});
