import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bridgeCatalogue } from '../../../server/integrations/bridge-catalogue.ts';
import { httpNameSource } from '../../../server/integrations/bridge-name-source.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';

describe('the bridge catalogue kept in the repository', () => {
  it('holds at least 25 real Canadian bridges with province and coordinates inside Canada', () => {
    expect(bridgeCatalogue.length).toBeGreaterThanOrEqual(25);
    for (const bridge of bridgeCatalogue) {
      expect(bridge.province).toMatch(/^(BC|AB|SK|MB|ON|QC|NB|NS|PE|NL|YT|NT|NU)$/);
      expect(bridge.latitude).toBeGreaterThan(41.5);
      expect(bridge.latitude).toBeLessThan(84);
      expect(bridge.longitude).toBeGreaterThan(-141.1);
      expect(bridge.longitude).toBeLessThan(-52.5);
    }
    expect(new Set(bridgeCatalogue.map((b) => b.name)).size).toBe(bridgeCatalogue.length);
  });
});

describe.each(drivers)('GET /bridges/from_rensys from the catalogue on %s', (kind) => {
  const t = setupTestApp(kind);

  it('answers success with the catalogue names', async () => {
    const user = await t.createUser();
    const response = await t.request<{ status: string; data: string[] }>({
      method: 'GET',
      url: '/api/v1/bridges/from_rensys',
      token: user.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe('success');
    expect(response.body.data).toContain('Confederation Bridge');
    expect(response.body.data).toHaveLength(bridgeCatalogue.length);
  });
});

describe('GET /bridges/from_rensys from an external service', () => {
  let fake: Server;
  let baseUrl = '';
  let mode: 'ok' | 'fail' = 'ok';
  const seenAuth: (string | undefined)[] = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      seenAuth.push(req.headers.authorization);
      if (mode === 'fail') {
        res.writeHead(500).end('boom');
        return;
      }
      const expected = `Basic ${Buffer.from('acme-ops:s3cret-pass').toString('base64')}`;
      if (req.url !== '/bridges' || req.headers.authorization !== expected) {
        res.writeHead(401).end();
        return;
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(
          JSON.stringify({ data: [{ name: 'Pont Pierre-Laporte' }, { name: 'Pont de Québec' }] }),
        );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  const t = setupTestApp('pglite', { overrides: () => ({ bridgeNames: httpNameSource(baseUrl) }) });

  async function userWithCompanyCredentials(password: string) {
    const staff = await t.createUser({ staff: true });
    const created = await t.request<{ id: number }>({
      method: 'POST',
      url: '/api/v1/auth/signup',
      token: staff.token,
      body: {
        username: 'acme',
        email: 'acme@example.ca',
        password: 'long-enough-1',
        company: 'Acme',
        address: 'A',
        companyUsername: 'acme-ops',
        companyPassword: password,
      },
    });
    return (await t.services.sessions.start(created.body.id)).access;
  }

  it("calls the service with the user's company credentials and answers its names", async () => {
    mode = 'ok';
    const token = await userWithCompanyCredentials('s3cret-pass');
    const response = await t.request({ method: 'GET', url: '/api/v1/bridges/from_rensys', token });
    expect(response).toEqual({
      status: 200,
      body: { status: 'success', data: ['Pont Pierre-Laporte', 'Pont de Québec'] },
    });
  });

  it('answers 502 with a detail when the service refuses the credentials', async () => {
    mode = 'ok';
    const token = await userWithCompanyCredentials('wrong-pass');
    const response = await t.request({ method: 'GET', url: '/api/v1/bridges/from_rensys', token });
    expect(response).toEqual({
      status: 502,
      body: { detail: 'The bridge-name service refused your company credentials' },
    });
  });

  it('answers 502 with a detail when the service fails', async () => {
    mode = 'fail';
    const token = await userWithCompanyCredentials('s3cret-pass');
    const response = await t.request({ method: 'GET', url: '/api/v1/bridges/from_rensys', token });
    expect(response).toEqual({
      status: 502,
      body: { detail: 'The bridge-name service failed with HTTP 500' },
    });
  });

  it('answers 502 when the service cannot be reached', async () => {
    const unreachable = httpNameSource('http://127.0.0.1:9/');
    await expect(unreachable.names({ username: null, password: null })).rejects.toMatchObject({
      statusCode: 502,
    });
  });
});
