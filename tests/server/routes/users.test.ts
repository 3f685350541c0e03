import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../../openapi/schema';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

type User = components['schemas']['User'];
type Bridge = components['schemas']['Bridge'];
type Datastream = components['schemas']['Datastream'];
type Detail = { detail: string };

const PASSWORD = 'correct-horse-9';

describe.each(drivers)('users and assignments on %s', (kind) => {
  const t = setupTestApp(kind);
  let staff: { id: number; email: string; token: string };

  beforeEach(async () => {
    staff = await t.createUser({ staff: true });
  });

  const asStaff = <T>(method: string, url: string, body?: unknown) =>
    t.request<T>({ method, url, token: staff.token, body });

  async function listUsers(): Promise<User[]> {
    const response = await asStaff<User[]>('GET', '/api/v1/users');
    expect(response.status).toBe(200);
    return response.body;
  }

  async function userById(id: number): Promise<User | undefined> {
    return (await listUsers()).find((user) => user.id === id);
  }

  async function createBridge(name: string): Promise<Bridge> {
    const response = await asStaff<Bridge>('POST', '/api/v1/bridges/create', {
      name,
      location: `${name}, Ontario`,
      construction_date: '1990-05-01',
      latitude: 45.4,
      longitude: -75.7,
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  async function createStream(streamId: string): Promise<Datastream> {
    const response = await asStaff<Datastream>('POST', '/api/v1/datastreams/create', {
      stream_id: streamId,
      data_type: 'strain',
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  const login = (email: string, password: string) =>
    t.request({ method: 'POST', url: '/api/v1/auth/login', body: { email, password } });

  const me = (token: string) => t.request<User>({ method: 'GET', url: '/api/v1/user/me', token });

  const countRows = async (table: 'user_bridges' | 'user_datastreams', userId: number) => {
    // Both drivers (pg and PGlite) answer raw SQL with `{ rows }`.
    const result = (await t.services.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
    )) as unknown as { rows: { n: number | string }[] };
    return Number(result.rows[0]?.n);
  };

  describe('listing and updating', () => {
    it('lists every user to staff, without any password field or value in the raw body', async () => {
      const plain = await t.createUser();
      const created = await asStaff<User>('POST', '/api/v1/auth/signup', {
        username: 'ops-lead',
        email: 'ops@example.ca',
        password: 'girder-strong-1',
        company: 'Prairie Bridges Ltd',
        address: '12 Main St, Saskatoon, SK',
        companyUsername: 'prairie-ops',
        companyPassword: 'rensys-secret-42',
      });
      expect(created.status).toBe(201);

      const users = await listUsers();
      expect(users.map((user) => user.id).sort((a, b) => a - b)).toEqual(
        [staff.id, plain.id, created.body.id].sort((a, b) => a - b),
      );
      for (const user of users) {
        expect(Object.keys(user).filter((key) => /password/i.test(key))).toEqual([
          'has_company_password',
        ]);
      }
      expect(users.find((user) => user.id === created.body.id)).toMatchObject({
        companyUsername: 'prairie-ops',
        has_company_password: true,
      });

      const raw = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users',
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(raw.body).not.toContain('rensys-secret-42');
      expect(raw.body).not.toContain('girder-strong-1');
      expect(raw.body).not.toContain('scrypt$');
      expect(raw.body).not.toMatch(/"(password|companyPassword|password_hash|passwordHash)"/);

      const asUser = await t.request({ method: 'GET', url: '/api/v1/users', token: plain.token });
      expect(asUser.status).toBe(403);
    });

    it("lets staff update a user's fields", async () => {
      const user = await t.createUser();
      const response = await asStaff<User>('PUT', `/api/v1/users/${user.id}/update`, {
        username: 'renamed-user',
        email: 'renamed@example.ca',
        company: 'Northern Spans Inc',
        address: '7 River Rd, Winnipeg, MB',
        companyUsername: 'northern-ops',
        companyPassword: 'company-pass-1',
        is_staff: true,
      });
      expect(response.status).toBe(200);
      const expected = {
        id: user.id,
        username: 'renamed-user',
        email: 'renamed@example.ca',
        company: 'Northern Spans Inc',
        address: '7 River Rd, Winnipeg, MB',
        companyUsername: 'northern-ops',
        has_company_password: true,
        is_staff: true,
      };
      expect(response.body).toMatchObject(expected);
      expect(await userById(user.id)).toMatchObject(expected);
    });

    it('lets a user update themself but not someone else', async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      const own = await t.request<User>({
        method: 'PUT',
        url: `/api/v1/users/${user.id}/update`,
        token: user.token,
        body: { address: '2 New Road, Ottawa' },
      });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({
        id: user.id,
        address: '2 New Road, Ottawa',
        is_staff: false,
      });

      const foreign = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${other.id}/update`,
        token: user.token,
        body: { company: 'Hijacked' },
      });
      expect(foreign.status).toBe(403);
      expect(await userById(other.id)).toMatchObject({ company: 'Test Co' });
    });

    it('lets a user respell their company but only staff move them to another (decision 040)', async () => {
      const user = await t.createUser();
      const update = (token: string, company: string) =>
        t.request<User>({
          method: 'PUT',
          url: `/api/v1/users/${user.id}/update`,
          token,
          body: { company },
        });
      const respelt = await update(user.token, 'TEST CO');
      expect(respelt.body).toMatchObject({ company: 'TEST CO' });
      expect(await update(user.token, 'Another Company')).toEqual({
        status: 400,
        body: { detail: 'company: only platform staff place a user in another company' },
      });
      const staff = await t.createUser({ staff: true });
      const moved = await update(staff.token, 'Another Company');
      expect(moved.status).toBe(200);
      expect(moved.body.company_id).not.toBe(respelt.body.company_id);
    });

    it('refuses is_staff from a user who is not staff, changing nothing', async () => {
      const user = await t.createUser();
      const response = await t.request({
        method: 'PUT',
        url: `/api/v1/users/${user.id}/update`,
        token: user.token,
        body: { is_staff: true, company: 'Promoted Co' },
      });
      expect(response.status).toBe(403);
      expect((await me(user.token)).body).toMatchObject({ is_staff: false, company: 'Test Co' });
    });

    it('changes the password: the new one signs in, the old one no longer does', async () => {
      const user = await t.createUser();
      const response = await asStaff('PUT', `/api/v1/users/${user.id}/update`, {
        password: 'brand-new-pass-77',
      });
      expect(response.status).toBe(200);
      expect((await login(user.email, 'brand-new-pass-77')).status).toBe(200);
      expect((await login(user.email, PASSWORD)).status).toBe(401);
    });

    it('leaves the password unchanged when the update sends an empty one', async () => {
      const user = await t.createUser();
      const response = await t.request<User>({
        method: 'PUT',
        url: `/api/v1/users/${user.id}/update`,
        token: user.token,
        body: { password: '', address: '3 Still Me Lane' },
      });
      expect(response.status).toBe(200);
      expect(response.body.address).toBe('3 Still Me Lane');
      expect((await login(user.email, PASSWORD)).status).toBe(200);
    });

    it('refuses an email that another user already has, whatever the case', async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      const response = await asStaff<Detail>('PUT', `/api/v1/users/${user.id}/update`, {
        email: other.email.toUpperCase(),
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^email\b/);
      expect(await userById(user.id)).toMatchObject({ email: user.email });
    });

    it('answers 404 for an unknown user', async () => {
      const response = await asStaff<Detail>('PUT', '/api/v1/users/999999/update', {
        company: 'Nobody',
      });
      expect(response).toEqual({ status: 404, body: { detail: 'User 999999 not found' } });
    });
  });

  describe('assignments', () => {
    it('replaces the assigned bridges, and the user then sees only those', async () => {
      const user = await t.createUser();
      const a = await createBridge('Aylmer Crossing');
      const b = await createBridge('Bytown Viaduct');
      const first = await asStaff<User>('POST', `/api/v1/users/${user.id}/assign`, {
        bridge_ids: [b.id, a.id],
      });
      expect(first.status).toBe(200);
      expect(first.body.bridges).toEqual([a.id, b.id]);

      const second = await asStaff<User>('POST', `/api/v1/users/${user.id}/assign`, {
        bridge_ids: [b.id],
      });
      expect(second.status).toBe(200);
      expect(second.body.bridges).toEqual([b.id]);
      expect((await userById(user.id))?.bridges).toEqual([b.id]);

      const visible = await t.request<Bridge[]>({
        method: 'GET',
        url: '/api/v1/bridges',
        token: user.token,
      });
      expect(visible.body.map((bridge) => bridge.id)).toEqual([b.id]);
    });

    it('refuses an unknown bridge id with 400 naming bridge_ids, changing nothing', async () => {
      const user = await t.createUser();
      const a = await createBridge('Aylmer Crossing');
      await asStaff('POST', `/api/v1/users/${user.id}/assign`, { bridge_ids: [a.id] });
      const response = await asStaff<Detail>('POST', `/api/v1/users/${user.id}/assign`, {
        bridge_ids: [999999],
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^bridge_ids\b/);
      expect(response.body.detail).toContain('999999');
      expect((await userById(user.id))?.bridges).toEqual([a.id]);
    });

    it('replaces the assigned data streams by their numeric ids', async () => {
      const user = await t.createUser();
      const x = await createStream('STREAM-X');
      const y = await createStream('STREAM-Y');
      const first = await asStaff<User>('POST', '/api/v1/users/assigndatastream', {
        user_id: user.id,
        stream_ids: [x.id, y.id],
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ id: user.id, datastreams: [x.id, y.id] });

      const second = await asStaff<User>('POST', '/api/v1/users/assigndatastream', {
        user_id: user.id,
        stream_ids: [y.id],
      });
      expect(second.status).toBe(200);
      expect(second.body.datastreams).toEqual([y.id]);
      expect((await userById(user.id))?.datastreams).toEqual([y.id]);
    });

    it('refuses an unknown data stream id with 400 naming stream_ids, changing nothing', async () => {
      const user = await t.createUser();
      const x = await createStream('STREAM-X');
      await asStaff('POST', '/api/v1/users/assigndatastream', {
        user_id: user.id,
        stream_ids: [x.id],
      });
      const response = await asStaff<Detail>('POST', '/api/v1/users/assigndatastream', {
        user_id: user.id,
        stream_ids: [x.id, 999999],
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^stream_ids\b/);
      expect(response.body.detail).toContain('999999');
      expect((await userById(user.id))?.datastreams).toEqual([x.id]);
    });

    it('answers 404 when assigning to an unknown user', async () => {
      const a = await createBridge('Aylmer Crossing');
      const x = await createStream('STREAM-X');
      const bridges = await asStaff<Detail>('POST', '/api/v1/users/999999/assign', {
        bridge_ids: [a.id],
      });
      expect(bridges).toEqual({ status: 404, body: { detail: 'User 999999 not found' } });
      const streams = await asStaff<Detail>('POST', '/api/v1/users/assigndatastream', {
        user_id: 999999,
        stream_ids: [x.id],
      });
      expect(streams).toEqual({ status: 404, body: { detail: 'User 999999 not found' } });
    });
  });

  describe('deleting', () => {
    it("lets staff delete a user: assignments go and the user's token stops working", async () => {
      const user = await t.createUser();
      const a = await createBridge('Aylmer Crossing');
      const x = await createStream('STREAM-X');
      await asStaff('POST', `/api/v1/users/${user.id}/assign`, { bridge_ids: [a.id] });
      await asStaff('POST', '/api/v1/users/assigndatastream', {
        user_id: user.id,
        stream_ids: [x.id],
      });
      expect(await countRows('user_bridges', user.id)).toBe(1);
      expect(await countRows('user_datastreams', user.id)).toBe(1);
      expect((await me(user.token)).status).toBe(200);

      const response = await asStaff('DELETE', `/api/v1/users/${user.id}/delete`);
      expect(response).toEqual({ status: 204, body: undefined });
      expect(await countRows('user_bridges', user.id)).toBe(0);
      expect(await countRows('user_datastreams', user.id)).toBe(0);
      expect(await userById(user.id)).toBeUndefined();
      expect((await me(user.token)).status).toBe(401);

      // The bridge and the data stream themselves stay.
      expect((await asStaff<Bridge[]>('GET', '/api/v1/bridges')).body).toEqual([
        { ...a, active_alerts: 0, display: { time_zone: null, units: 'metric' } },
      ]);
      expect((await asStaff<Datastream[]>('GET', '/api/v1/datastreams')).body).toEqual([
        { ...x, twin_disagreements: [] },
      ]);
      expect((await asStaff('DELETE', `/api/v1/users/${user.id}/delete`)).status).toBe(404);
    });

    it('lets a user delete themself, after which their token is useless', async () => {
      const user = await t.createUser();
      const response = await t.request({
        method: 'DELETE',
        url: `/api/v1/users/${user.id}/delete`,
        token: user.token,
      });
      expect(response).toEqual({ status: 204, body: undefined });
      expect((await me(user.token)).status).toBe(401);
      const again = await t.request({ method: 'GET', url: '/api/v1/bridges', token: user.token });
      expect(again.status).toBe(401);
      expect((await login(user.email, PASSWORD)).status).toBe(401);
      expect(await userById(user.id)).toBeUndefined();
    });

    it('refuses a user deleting someone else', async () => {
      const user = await t.createUser();
      const other = await t.createUser();
      const response = await t.request({
        method: 'DELETE',
        url: `/api/v1/users/${other.id}/delete`,
        token: user.token,
      });
      expect(response.status).toBe(403);
      expect(await userById(other.id)).toBeDefined();
      expect((await me(other.token)).status).toBe(200);
    });
  });
});
