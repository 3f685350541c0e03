import { describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { streamOnBridge } from '../../helpers/readings-fixtures.ts';

interface Token {
  id: number;
  bridge: number;
  name: string;
  prefix: string;
  revoked_at: string | null;
  token?: string;
}

describe.each(drivers)('ingest tokens on %s', (kind) => {
  const t = setupTestApp(kind);

  it('shows the secret once, lists tokens without it, and revokes only on its own bridge', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge } = await streamOnBridge(t);
    const other = await streamOnBridge(t);
    const url = `/api/v1/bridges/${bridge.id}/ingest-tokens`;

    const created = await t.request<Token>({
      method: 'POST',
      url,
      token: staff.token,
      body: { name: '  North gateway ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      bridge: bridge.id,
      name: 'North gateway',
      revoked_at: null,
    });
    expect(created.body.token).toMatch(/^swi_[A-Za-z0-9_-]{43}$/);
    expect(created.body.token?.startsWith(created.body.prefix)).toBe(true);

    const listed = await t.request<Token[]>({ method: 'GET', url, token: staff.token });
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).not.toHaveProperty('token');

    const wrongBridge = await t.request({
      method: 'DELETE',
      url: `/api/v1/bridges/${other.bridge.id}/ingest-tokens/${created.body.id}`,
      token: staff.token,
    });
    expect(wrongBridge).toEqual({
      status: 404,
      body: { detail: `Ingest token ${created.body.id} not found` },
    });
    const revoked = await t.request({
      method: 'DELETE',
      url: `${url}/${created.body.id}`,
      token: staff.token,
    });
    expect(revoked.status).toBe(204);
    const after = await t.request<Token[]>({ method: 'GET', url, token: staff.token });
    expect(after.body[0]?.revoked_at).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown bridge and 400 for a blank name', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge } = await streamOnBridge(t);
    expect(
      await t.request({
        method: 'GET',
        url: '/api/v1/bridges/999/ingest-tokens',
        token: staff.token,
      }),
    ).toEqual({ status: 404, body: { detail: 'Bridge 999 not found' } });
    const blank = await t.request({
      method: 'POST',
      url: `/api/v1/bridges/${bridge.id}/ingest-tokens`,
      token: staff.token,
      body: { name: '   ' },
    });
    expect(blank).toEqual({ status: 400, body: { detail: 'name: this field is required' } });
  });
});
