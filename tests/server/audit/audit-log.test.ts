import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

// PGlite's migrations on a loaded shared machine can outlast the default hook time.
vi.setConfig({ hookTimeout: 300_000 });

type Bridge = components['schemas']['Bridge'];
type AuditPage = components['schemas']['AuditPage'];

const bridgeInput = {
  name: 'Burlington Bay Skyway',
  location: 'Hamilton, ON',
  construction_date: '1958-10-30',
  length_per_span: 2560,
  latitude: 43.3,
  longitude: -79.8,
};

describe.each(drivers)('audit log on %s', (kind) => {
  const t = setupTestApp(kind);
  let staff: { id: number; token: string };

  beforeEach(async () => {
    staff = await t.createUser({ staff: true, name: 'auditor' });
  });

  const audit = (query: string, token = staff.token) =>
    t.request<AuditPage>({ method: 'GET', url: `/api/v1/audit?${query}`, token });

  async function createBridge(): Promise<Bridge> {
    const created = await t.request<Bridge>({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: staff.token,
      body: bridgeInput,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  it('writes who changed which bridge fields, newest first, and its deletion', async () => {
    const bridge = await createBridge();
    const updated = await t.request({
      method: 'PUT',
      url: `/api/v1/bridges/${bridge.id}/update`,
      token: staff.token,
      body: { ...bridgeInput, location: 'Burlington, ON' },
    });
    expect(updated.status).toBe(200);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${bridge.id}/delete`,
      token: staff.token,
    });
    expect(deleted.status).toBe(204);

    const { status, body } = await audit(`object_type=bridge&object_id=${bridge.id}`);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(body.items.every((e) => e.actor === 'auditor' && e.actor_id === staff.id)).toBe(true);
    expect(body.items[1]?.operation).toBe('updateBridge');
    expect(body.items[1]?.changes).toEqual({
      location: { before: 'Hamilton, ON', after: 'Burlington, ON' },
    });
    expect(body.items[2]?.changes.name).toEqual({ before: null, after: 'Burlington Bay Skyway' });
    // Deleted since: each entry still names the bridge, from what its own entry recorded.
    expect(body.items.map((e) => e.object_name)).toEqual([
      'Burlington Bay Skyway',
      'Burlington Bay Skyway',
      'Burlington Bay Skyway',
    ]);
  });

  it("shows a changed password as 'changed' and never its hash", async () => {
    const user = await t.createUser({ name: 'inspector' });
    const response = await t.request({
      method: 'PUT',
      url: `/api/v1/users/${user.id}/update`,
      token: staff.token,
      body: { password: 'a-new-password-1', companyPassword: 'company-secret-9' },
    });
    expect(response.status).toBe(200);
    const { body } = await audit(`object_type=user&object_id=${user.id}`);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.changes).toEqual({
      password_hash: 'changed',
      company_password_sealed: 'changed',
    });
    const [row] = await t.services.users.findById(user.id).then((u) => [u]);
    expect(JSON.stringify(body)).not.toContain(row?.passwordHash ?? 'no hash');
    expect(JSON.stringify(body)).not.toContain('company-secret-9');
  });

  it('records assignments under the user, and anonymous messages as anonymous', async () => {
    const bridge = await createBridge();
    const user = await t.createUser({ name: 'viewer' });
    const assigned = await t.request({
      method: 'POST',
      url: `/api/v1/users/${user.id}/assign`,
      token: staff.token,
      body: { bridge_ids: [bridge.id] },
    });
    expect(assigned.status).toBe(200);
    const { body } = await audit(`object_type=user&object_id=${user.id}`);
    expect(body.items[0]).toMatchObject({
      record: 'user_bridges',
      action: 'create',
      changes: { bridge_id: { before: null, after: bridge.id } },
      object_name: 'viewer',
      names: { bridge_id: { before: null, after: 'Burlington Bay Skyway' } },
    });

    const contact = await t.request({
      method: 'POST',
      url: '/api/auth/contact/',
      body: { first_name: 'Ada', email: 'ada@example.ca', message: 'Hello' },
    });
    expect(contact.status).toBe(201);
    const messages = await audit('object_type=contact_message');
    expect(messages.body.items[0]).toMatchObject({ actor: 'anonymous', actor_id: null });
  });

  it('writes nothing for a change that is refused', async () => {
    const bridge = await createBridge();
    const span = await t.request({
      method: 'POST',
      url: '/api/v1/spans/create',
      token: staff.token,
      body: { bridge: bridge.id, span_id: 'S1', length: 100 },
    });
    expect(span.status).toBe(201);
    const refused = await t.request({
      method: 'POST',
      url: '/api/v1/spans/create',
      token: staff.token,
      body: { bridge: bridge.id, span_id: 'S1', length: 100 },
    });
    expect(refused.status).toBe(400);
    const { body } = await audit('object_type=span');
    expect(body.total).toBe(1);
  });

  it('filters by user and period, pages, and exports CSV', async () => {
    await createBridge();
    await createBridge();
    await createBridge();
    const other = await t.createUser({ staff: true, name: 'other' });
    const byOther = await t.request<Bridge>({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: other.token,
      body: { ...bridgeInput, name: 'Other bridge' },
    });
    expect(byOther.status).toBe(201);

    const page = await audit(`actor=${staff.id}&page=2&page_size=2`);
    expect(page.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.body.items).toHaveLength(1);
    const future = await audit(`from=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(future.body.total).toBe(0);
    const badRange = await audit('from=2020-01-02T00:00:00Z&to=2020-01-01T00:00:00Z');
    expect(badRange.status).toBe(400);
    expect(badRange.body).toEqual({ detail: 'from: must be before to' });

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit.csv?actor=${other.id}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor_id,actor,operation,action,object_type,object_id,record,changes',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Other bridge');
  });

  it('is for staff only', async () => {
    const user = await t.createUser();
    expect((await audit('', user.token)).status).toBe(403);
  });

  it('refuses UPDATE and DELETE at the database level', async () => {
    await createBridge();
    const { db } = t.services.database;
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => 'done',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(await refusal(sql`UPDATE audit_log SET actor_name = 'someone else'`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE refused/);
    expect((await audit('object_type=bridge')).body.items[0]?.actor).toBe('auditor');
  });
});
