import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, rotaMembers } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

interface RotaBody {
  id: number;
  name: string;
  members: number[];
  overrides: { from: string; to: string; user_id: number; reason: string }[];
}
interface OnCallBody {
  rota_name: string;
  user_id: number | null;
  username: string | null;
  until: string | null;
  override: boolean;
}

/** Acme's administrator and two engineers, and Other's administrator and engineer. */
async function cast(t: TestContext) {
  const admin = await companyPerson(t, 'acme-admin', 'Acme Bridges', { admin: true });
  const ada = await companyPerson(t, 'ada', 'Acme Bridges');
  const ben = await companyPerson(t, 'ben', 'Acme Bridges');
  const otherAdmin = await companyPerson(t, 'other-admin', 'Other Crossings', { admin: true });
  const olga = await companyPerson(t, 'olga', 'Other Crossings');
  return { admin, ada, ben, otherAdmin, olga, acme: admin.row.companyId };
}

const weekly = (members: number[]) => ({
  name: 'Structures on call',
  rotation: 'weekly',
  hand_off_time: '09:00',
  time_zone: 'America/Toronto',
  starts_on: '2026-01-05',
  members,
});

describe.each(drivers)('on-call rotas on %s', (kind) => {
  const t = setupTestApp(kind);

  it("lets a company's administrator keep rotas, its users read them, and audits the change", async () => {
    const { admin, ada, ben, acme } = await cast(t);
    const url = `/api/v1/companies/${acme}/rotas`;
    const created = await t.request<RotaBody>({
      method: 'POST',
      url,
      token: admin.token,
      body: {
        ...weekly([ada.row.id, ben.row.id]),
        overrides: [
          {
            from: '2026-12-24T14:00:00Z',
            to: '2026-12-27T14:00:00Z',
            user_id: ben.row.id,
            reason: 'Ada on holiday',
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.members).toEqual([ada.row.id, ben.row.id]);
    expect(created.body.overrides[0]).toMatchObject({
      from: '2026-12-24T14:00:00.000Z',
      reason: 'Ada on holiday',
    });
    const listed = await t.request<RotaBody[]>({ method: 'GET', url, token: ada.token });
    expect(listed.status).toBe(200);
    expect(listed.body.map((rota) => rota.name)).toEqual(['Structures on call']);

    const changed = await t.request<RotaBody>({
      method: 'PUT',
      url: `${url}/${created.body.id}`,
      token: admin.token,
      body: { ...weekly([ben.row.id]), name: 'Night desk' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      name: 'Night desk',
      members: [ben.row.id],
      overrides: [],
    });
    const entries = await t.services.database.db
      .select({ record: auditLog.record, operation: auditLog.operation })
      .from(auditLog)
      .where(eq(auditLog.operation, 'updateRota'));
    expect(entries.map((entry) => entry.record).sort()).toEqual(
      expect.arrayContaining(['rotas', 'rota_members', 'rota_overrides']),
    );

    // An engineer reads, but does not write.
    const refused = await t.request({
      method: 'DELETE',
      url: `${url}/${created.body.id}`,
      token: ada.token,
    });
    expect(refused.status).toBe(403);
    const removed = await t.request({
      method: 'DELETE',
      url: `${url}/${created.body.id}`,
      token: admin.token,
    });
    expect(removed.status).toBe(204);
    const members = await t.services.database.db
      .select()
      .from(rotaMembers)
      .where(eq(rotaMembers.rotaId, created.body.id));
    expect(members).toEqual([]);
  });

  it('says who is on call now and until the next hand-off', async () => {
    const { admin, ada, ben, acme } = await cast(t);
    await t.services.rotas.create(acme, {
      name: 'Empty',
      rotation: 'daily',
      handOffTime: '08:00',
      timeZone: 'Europe/Lisbon',
      startsOn: '2026-01-01',
      members: [],
      overrides: [],
    });
    // A daily rota whose single member is on call every day.
    await t.services.rotas.create(acme, {
      name: 'Ben daily',
      rotation: 'daily',
      handOffTime: '08:00',
      timeZone: 'Europe/Lisbon',
      startsOn: '2026-01-01',
      members: [ben.row.id],
      overrides: [],
    });
    const now = Date.now();
    await t.services.rotas.create(acme, {
      name: 'Covered',
      rotation: 'weekly',
      handOffTime: '09:00',
      timeZone: 'America/Toronto',
      startsOn: '2026-01-05',
      members: [ben.row.id],
      overrides: [
        {
          from: new Date(now - 3_600_000),
          to: new Date(now + 3_600_000),
          userId: ada.row.id,
          reason: 'swap',
        },
      ],
    });
    const response = await t.request<OnCallBody[]>({
      method: 'GET',
      url: `/api/v1/companies/${acme}/on-call`,
      token: ada.token,
    });
    expect(response.status).toBe(200);
    const [empty, daily, covered] = response.body;
    expect(empty).toEqual({
      rota_id: expect.any(Number),
      rota_name: 'Empty',
      user_id: null,
      username: null,
      until: null,
      override: false,
    });
    expect(daily).toMatchObject({ username: 'ben', override: false });
    const until = new Date(daily?.until ?? 0);
    // The next 08:00 in Lisbon: within a day, on the hour.
    expect(until.getTime() - now).toBeGreaterThan(0);
    expect(until.getTime() - now).toBeLessThanOrEqual(86_400_000);
    expect(until.getUTCMinutes()).toBe(0);
    expect(covered).toMatchObject({
      username: 'ada',
      override: true,
      until: new Date(now + 3_600_000).toISOString(),
    });
    expect(admin.row.companyId).toBe(acme);
  });

  it('refuses bad rotas with a 400 naming the field', async () => {
    const { admin, ada, olga, acme } = await cast(t);
    const url = `/api/v1/companies/${acme}/rotas`;
    const cases: [object, string][] = [
      [{ ...weekly([ada.row.id]), time_zone: 'Mars/Olympus' }, 'time_zone: '],
      [{ ...weekly([ada.row.id]), hand_off_time: '24:00' }, 'hand_off_time: '],
      [{ ...weekly([ada.row.id]), hand_off_time: '9:00' }, 'hand_off_time: '],
      [weekly([olga.row.id]), `members: no user with id ${olga.row.id} in this company`],
      [weekly([999_999]), 'members: no user with id 999999 in this company'],
      [weekly([ada.row.id, ada.row.id]), 'members: each member once'],
      [
        {
          ...weekly([ada.row.id]),
          overrides: [
            { from: '2026-12-24T14:00:00Z', to: '2026-12-24T13:00:00Z', user_id: ada.row.id },
          ],
        },
        'overrides[0].to: must be after its from',
      ],
      [
        {
          ...weekly([ada.row.id]),
          overrides: [
            { from: '2026-12-24T14:00:00Z', to: '2026-12-25T14:00:00Z', user_id: olga.row.id },
          ],
        },
        `overrides[0].user_id: no user with id ${olga.row.id} in this company`,
      ],
      [weekly(Array.from({ length: 51 }, (_, i) => i + 1)), 'members'],
      [
        {
          ...weekly([ada.row.id]),
          overrides: Array.from({ length: 201 }, () => ({
            from: '2026-12-24T14:00:00Z',
            to: '2026-12-25T14:00:00Z',
            user_id: ada.row.id,
          })),
        },
        'overrides',
      ],
      [{ ...weekly([ada.row.id]), rotation: 'monthly' }, 'rotation'],
    ];
    for (const [body, detail] of cases) {
      const response = await t.request<{ detail: string }>({
        method: 'POST',
        url,
        token: admin.token,
        body,
      });
      expect(response.status, detail).toBe(400);
      expect(response.body.detail, detail).toContain(detail);
    }
    const listed = await t.request<RotaBody[]>({ method: 'GET', url, token: admin.token });
    expect(listed.body).toEqual([]);
  });

  it("answers another company's rotas as an unknown company", async () => {
    const { admin, otherAdmin, olga, ada, acme } = await cast(t);
    const rota = await t.services.rotas.create(acme, {
      name: 'Acme',
      rotation: 'daily',
      handOffTime: '09:00',
      timeZone: 'UTC',
      startsOn: '2026-01-01',
      members: [ada.row.id],
      overrides: [],
    });
    const ghost = 999_999;
    for (const token of [otherAdmin.token, olga.token]) {
      for (const [method, path] of [
        ['GET', 'rotas'],
        ['GET', 'on-call'],
        ['POST', 'rotas'],
        ['PUT', `rotas/${rota.id}`],
        ['DELETE', `rotas/${rota.id}`],
      ] as const) {
        const ask = (company: number) =>
          t.request<{ detail: string }>({
            method,
            url: `/api/v1/companies/${company}/${path}`,
            token,
            ...(method === 'POST' || method === 'PUT' ? { body: weekly([]) } : {}),
          });
        const onAcme = await ask(acme);
        const onGhost = await ask(ghost);
        expect(onAcme.status, `${method} ${path}`).toBe(onGhost.status);
        expect(onAcme.body.detail.replace(/\d+/g, '#')).toBe(
          onGhost.body.detail.replace(/\d+/g, '#'),
        );
      }
    }
    expect((await t.services.rotas.find(rota.id))?.members).toEqual([ada.row.id]);
    // Acme's administrator reaches a rota id of another company's as an unknown rota.
    const otherRota = await t.services.rotas.create(otherAdmin.row.companyId, {
      ...rota,
      members: [],
    });
    const crossed = await t.request<{ detail: string }>({
      method: 'DELETE',
      url: `/api/v1/companies/${acme}/rotas/${otherRota.id}`,
      token: admin.token,
    });
    expect(crossed.status).toBe(404);
  });
});
