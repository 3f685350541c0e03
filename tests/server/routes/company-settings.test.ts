import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { auditLog } from '../../../server/db/schema.ts';
import { bridgeBody, companyPerson } from '../../helpers/company-person.ts';
import { declaredHugePng, flatPng, pngBytes, webpBytes } from '../../helpers/photo-fixtures.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';

type Settings = components['schemas']['CompanySettings'];
type Update = components['schemas']['CompanySettingsUpdate'];

const settingsOf = (name: string): Update => ({
  name,
  address: null,
  time_zone: null,
  units: 'metric',
  default_amber_percent: null,
  default_red_percent: null,
});

async function cast(t: TestContext) {
  const admin = await companyPerson(t, 'acme-admin', 'Acme Spans', { admin: true });
  const operator = await companyPerson(t, 'acme-operator', 'Acme Spans');
  const other = await companyPerson(t, 'other-admin', 'Other Crossings', { admin: true });
  const staff = await t.createUser({ staff: true });
  const companyId = admin.row.companyId;
  return { admin, operator, other, staff, companyId, url: `/api/v1/companies/${companyId}` };
}

const upload = (t: TestContext, url: string, token: string, bytes: Buffer) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    payload: bytes,
  });

describe.each(drivers)('company settings on %s', (kind) => {
  const t = setupTestApp(kind);

  it('lets the company administrator and staff read and change them, and no one else', async () => {
    const { admin, operator, other, staff, companyId, url } = await cast(t);
    const first = await t.request<Settings>({
      method: 'GET',
      url: `${url}/settings`,
      token: admin.token,
    });
    expect(first.body).toEqual({
      company_id: companyId,
      ...settingsOf('Acme Spans'),
      has_logo: false,
    });

    const wanted: Update = {
      name: '  Acme Spans & Co  ',
      address: '12 Portage Avenue, Winnipeg',
      time_zone: 'America/Winnipeg',
      units: 'imperial',
      default_amber_percent: -1.5,
      default_red_percent: -4,
    };
    const saved = await t.request<Settings>({
      method: 'PUT',
      url: `${url}/settings`,
      token: admin.token,
      body: wanted,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...wanted, name: 'Acme Spans & Co' });
    const byStaff = await t.request<Settings>({
      method: 'GET',
      url: `${url}/settings`,
      token: staff.token,
    });
    expect(byStaff.body.time_zone).toBe('America/Winnipeg');

    const [entry] = await t.services.database.db
      .select({ actor: auditLog.actorName, changes: auditLog.changes })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.operation, 'updateCompanySettings'),
          eq(auditLog.objectId, String(companyId)),
        ),
      );
    expect(entry?.actor).toBe('acme-admin');
    expect(entry?.changes).toMatchObject({ units: { before: 'metric', after: 'imperial' } });

    const refused = await t.request<{ detail: string }>({
      method: 'PUT',
      url: `${url}/settings`,
      token: operator.token,
      body: wanted,
    });
    expect(refused.status).toBe(403);
    for (const method of ['GET', 'PUT'] as const) {
      const elsewhere = await t.request<{ detail: string }>({
        method,
        url: `${url}/settings`,
        token: other.token,
        ...(method === 'PUT' ? { body: settingsOf('Taken Over') } : {}),
      });
      expect(elsewhere.status, method).toBe(404);
      expect(elsewhere.body.detail).toBe(`Company ${companyId} not found`);
    }
  });

  it('refuses bad settings with 400 naming the field, and a taken name with 409', async () => {
    const { admin, url } = await cast(t);
    const base = settingsOf('Acme Spans');
    for (const [field, body] of [
      ['name', { ...base, name: '   ' }],
      ['name', { ...base, name: 'x'.repeat(201) }],
      ['address', { ...base, address: 'y'.repeat(501) }],
      ['time_zone', { ...base, time_zone: 'Mars/Olympus_Mons' }],
      ['units', { ...base, units: 'furlongs' }],
      ['default_red_percent', { ...base, default_amber_percent: -2 }],
      ['default_red_percent', { ...base, default_amber_percent: -5, default_red_percent: -2 }],
      ['default_amber_percent', { ...base, default_amber_percent: 0, default_red_percent: -2 }],
      ['default_red_percent', { ...base, default_amber_percent: -2, default_red_percent: -60 }],
    ] as const) {
      const response = await t.request<{ detail: string }>({
        method: 'PUT',
        url: `${url}/settings`,
        token: admin.token,
        body,
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.detail).toContain(field);
    }
    const taken = await t.request<{ detail: string }>({
      method: 'PUT',
      url: `${url}/settings`,
      token: admin.token,
      body: settingsOf('OTHER crossings'),
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { detail: "name: another company is already called 'OTHER crossings'" },
    });
  });

  it('stores a PNG or JPEG logo of at most 256 KiB, read from its bytes, and removes it', async () => {
    const { admin, url } = await cast(t);
    const logo = flatPng(40, 20, 7);
    const stored = await upload(t, `${url}/logo`, admin.token, logo);
    expect(stored.statusCode).toBe(204);
    const read = await t.app.inject({
      method: 'GET',
      url: `${url}/logo`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.rawPayload.equals(logo)).toBe(true);
    const settings = await t.request<Settings>({
      method: 'GET',
      url: `${url}/settings`,
      token: admin.token,
    });
    expect(settings.body.has_logo).toBe(true);

    const webp = await upload(t, `${url}/logo`, admin.token, webpBytes(1));
    expect(webp.statusCode).toBe(415);
    expect(webp.json()).toEqual({
      detail: 'body: not a PNG or JPEG image (read from its first bytes)',
    });
    // PNG's first bytes, but no image a decoder opens: refused now, not dropped from a report later.
    const broken = await upload(t, `${url}/logo`, admin.token, pngBytes(3));
    expect(broken.statusCode).toBe(415);
    expect(broken.json()).toEqual({ detail: 'body: the image does not open' });
    const huge = Buffer.concat([pngBytes(2), Buffer.alloc(256 * 1024)]);
    const tooLarge = await upload(t, `${url}/logo`, admin.token, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().detail).toMatch(/^body: .*256 KiB/);
    // A few hundred bytes declaring gigapixels: refused from its header, before any decode.
    const bomb = await upload(t, `${url}/logo`, admin.token, declaredHugePng(60_000, 60_000));
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().detail).toBe(
      'body: the logo declares 60000 × 60000 pixels, more than the 4 million a logo may have; send it resized',
    );

    const removal = await t.request({ method: 'DELETE', url: `${url}/logo`, token: admin.token });
    expect(removal.status).toBe(204);
    const gone = await t.request({ method: 'GET', url: `${url}/logo`, token: admin.token });
    expect(gone.status).toBe(404);
  });

  it("starts a new bridge on the company's default trigger levels; older bridges keep theirs", async () => {
    const { admin, url } = await cast(t);
    const create = (name: string) =>
      t.request<{ id: number }>({
        method: 'POST',
        url: '/api/v1/bridges/create',
        token: admin.token,
        body: bridgeBody(name),
      });
    const levelsOf = async (bridgeId: number) =>
      (
        await t.request<{ amber_percent: number; red_percent: number; stored: boolean }>({
          method: 'GET',
          url: `/api/v1/bridges/${bridgeId}/analysis-settings`,
          token: admin.token,
        })
      ).body;
    const before = await create('Before Bridge');
    await t.request({
      method: 'PUT',
      url: `${url}/settings`,
      token: admin.token,
      body: { ...settingsOf('Acme Spans'), default_amber_percent: -1, default_red_percent: -3 },
    });
    const after = await create('After Bridge');
    expect(await levelsOf(after.body.id)).toMatchObject({
      amber_percent: -1,
      red_percent: -3,
      stored: true,
    });
    expect(await levelsOf(before.body.id)).toMatchObject({
      amber_percent: -2,
      red_percent: -5,
      stored: false,
    });
  });
});
