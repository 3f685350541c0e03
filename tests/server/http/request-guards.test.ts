import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

const bridge = {
  name: 'Pont Laviolette',
  location: 'Trois-Rivières, QC',
  construction_date: '1967-12-20',
  latitude: 46.3,
  longitude: -72.5,
};

describe.each(drivers)('request guards on %s (issue 13)', (kind) => {
  const t = setupTestApp(kind);

  async function staffWithBridges() {
    const staff = await t.createUser({ staff: true });
    const user = await t.createUser();
    const created = await t.request<{ id: number }>({
      method: 'POST',
      url: '/api/v1/bridges/create',
      token: staff.token,
      body: bridge,
    });
    await t.request({
      method: 'POST',
      url: `/api/v1/users/${user.id}/assign`,
      token: staff.token,
      body: { bridge_ids: [created.body.id] },
    });
    return { staff, user, bridgeId: created.body.id };
  }

  async function bridgesOf(userId: number, token: string) {
    const users = await t.request<{ id: number; bridges: number[] }[]>({
      method: 'GET',
      url: '/api/v1/users',
      token,
    });
    return users.body.find((u) => u.id === userId)?.bridges;
  }

  it('refuses a JSON body sent as text/plain with 415, and keeps the assignments', async () => {
    const { staff, user, bridgeId } = await staffWithBridges();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/assign`,
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'text/plain' },
      payload: '{"bridge_ids":[]}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      detail: 'content-type: text/plain is not accepted here; send application/json',
    });
    expect(await bridgesOf(user.id, staff.token)).toEqual([bridgeId]);
  });

  it('refuses a body on an operation that takes none, and accepts JSON with a charset', async () => {
    const staff = await t.createUser({ staff: true });
    const withBody = await t.app.inject({
      method: 'GET',
      url: '/api/v1/bridges',
      headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(withBody.statusCode).toBe(415);
    const charset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bridges/create',
      headers: {
        authorization: `Bearer ${staff.token}`,
        'content-type': 'application/json; charset=utf-8',
      },
      payload: JSON.stringify(bridge),
    });
    expect(charset.statusCode).toBe(201);
  });

  it('answers 413 for a JSON body above 1 MiB', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/contact/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'A', email: 'a@b.ca', message: 'x'.repeat(1100000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty('detail');
  });

  it.each([
    ['a NUL in a body field', { first_name: 'Ann\u0000e' }, 'body/first_name'],
    ['an escape in a body field', { message: 'hello \u001b[31m' }, 'body/message'],
  ])('refuses %s with 400 naming the field', async (_what, change, field) => {
    const response = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/auth/contact/',
      body: { first_name: 'Anne', email: 'anne@example.ca', message: 'Hi', ...change },
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toBe(`${field} must not contain control characters`);
    const staff = await t.createUser({ staff: true });
    const stored = await t.request<unknown[]>({
      method: 'GET',
      url: '/api/v1/contact-messages',
      token: staff.token,
    });
    expect(stored.body).toEqual([]);
  });

  // U+202E RIGHT-TO-LEFT OVERRIDE, U+2066 LEFT-TO-RIGHT ISOLATE, U+200F RIGHT-TO-LEFT MARK.
  it.each([
    ['a bridge name', '/api/v1/bridges/create', { ...bridge, name: 'Pont \u202Eetsiv' }, 'name'],
    [
      'a sign-up user name',
      '/api/v1/auth/signup',
      {
        username: 'ann\u2066e',
        email: 'bidi@example.ca',
        password: 'girder-strong-1',
        company: 'Acme',
        address: '1 Main St',
      },
      'username',
    ],
    [
      'a company',
      '/api/v1/auth/signup',
      {
        username: 'annie',
        email: 'bidi@example.ca',
        password: 'girder-strong-1',
        company: 'Acme\u200F',
        address: '1 Main St',
      },
      'company',
    ],
  ])(
    'refuses bidirectional controls in %s with 400 naming the field (issue 37, finding 15)',
    async (_what, url, body, field) => {
      const staff = await t.createUser({ staff: true });
      const response = await t.request<{ detail: string }>({
        method: 'POST',
        url,
        token: staff.token,
        body,
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(
        new RegExp(`^body/${field} must not contain bidirectional-control characters`),
      );
    },
  );

  it('refuses a right-to-left override in a span id and a query value', async () => {
    const { staff, bridgeId } = await staffWithBridges();
    const span = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/v1/spans/create',
      token: staff.token,
      body: { bridge: bridgeId, span_id: 'S\u202E1', length: 10 },
    });
    expect(span.status).toBe(400);
    expect(span.body.detail).toMatch(/^body\/span_id must not contain bidirectional-control/);
    const query = await t.request<{ detail: string }>({
      method: 'GET',
      url: '/api/v1/ai/status?sid=Lions%E2%80%AEGate',
      token: staff.token,
    });
    expect(query.status).toBe(400);
    expect(query.body.detail).toMatch(/^querystring\/sid must not contain bidirectional-control/);
  });

  it('keeps tabs and line breaks in free text', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/auth/contact/',
      body: { first_name: 'Anne', email: 'anne@example.ca', message: 'Line one\r\n\tLine two' },
    });
    expect(response.status).toBe(201);
  });

  it('refuses a NUL in a query parameter with 400 naming it', async () => {
    const user = await t.createUser();
    const response = await t.request<{ detail: string }>({
      method: 'GET',
      url: '/api/v1/ai/status?sid=Lions%00Gate',
      token: user.token,
    });
    expect(response).toEqual({
      status: 400,
      body: { detail: 'querystring/sid must not contain control characters' },
    });
  });

  it.each([
    ['a path id', 'PUT', '/api/v1/bridges/2147483648/update', bridge],
    ['a body id', 'POST', '/api/v1/users/1/assign', { bridge_ids: [2147483648] }],
    ['a body id', 'POST', '/api/v1/spans/create', { bridge: 2 ** 40, span_id: 'S', length: 1 }],
    ['a body id', 'PUT', '/api/v1/sensors/assign', { sensor_id: 1, datastream_id: 2 ** 31 }],
  ])('refuses 2^31 or more in %s (%s %s) with 400', async (_what, method, url, body) => {
    const staff = await t.createUser({ staff: true });
    const response = await t.request<{ detail: string }>({
      method,
      url,
      token: staff.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/must be <= 2147483647/);
  });

  it.each(['0000-01-01', '0050-06-01', '2026-02-30', '12026-01-01'])(
    'refuses construction_date %s with 400 naming the field',
    async (date) => {
      const staff = await t.createUser({ staff: true });
      const response = await t.request<{ detail: string }>({
        method: 'POST',
        url: '/api/v1/bridges/create',
        token: staff.token,
        body: { ...bridge, construction_date: date },
      });
      expect(response.status).toBe(400);
      expect(response.body.detail).toMatch(/^body\/construction_date must/);
    },
  );

  it('marks every API answer no-store, errors included', async () => {
    const user = await t.createUser();
    for (const [url, token] of [
      ['/api/v1/bridges', user.token],
      ['/api/v1/bridges', undefined],
      ['/api/v1/no-such-thing', undefined],
      ['/api/v1/health', undefined],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});
