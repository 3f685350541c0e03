import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase } from '../../../server/db/client.ts';
import { createReadinessProbe } from '../../../server/ops/readiness.ts';
import { assertMatchesContract } from '../../helpers/contract-validator.ts';
import { setupTestApp, testConfig } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';

describe.each(drivers)('GET /api/v1/ready (%s)', (kind) => {
  const t = setupTestApp(kind);

  it('is ready when the database answers and every migration is applied', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/ready' });
    expect(response).toEqual({
      status: 200,
      body: {
        status: 'ready',
        checks: [
          { name: 'database', ok: true },
          { name: 'migrations', ok: true },
        ],
      },
    });
  });

  it('answers 503 while the process shuts down, and names the broker when it is down', async () => {
    let brokerUp = false;
    const probe = createReadinessProbe(t.services.database, { brokerConnected: () => brokerUp });
    const app = await buildApp({
      config: testConfig,
      database: t.services.database,
      overrides: { readiness: probe },
    });
    const ask = async () => {
      const response = await app.inject({ method: 'GET', url: '/api/v1/ready' });
      assertMatchesContract('GET', '/api/v1/ready', response.statusCode, response.json());
      return { status: response.statusCode, body: response.json() as unknown };
    };
    expect(await ask()).toMatchObject({
      status: 503,
      body: {
        status: 'not_ready',
        checks: expect.arrayContaining([
          { name: 'mqtt_broker', ok: false, detail: 'not connected to the MQTT broker' },
        ]),
      },
    });
    brokerUp = true;
    expect(await ask()).toMatchObject({ status: 200, body: { status: 'ready' } });
    probe.drain();
    expect(await ask()).toMatchObject({
      status: 503,
      body: {
        checks: expect.arrayContaining([{ name: 'shutdown', ok: false, detail: 'shutting down' }]),
      },
    });
    await app.close();
  });
});

describe('GET /api/v1/ready on a database that was never migrated', () => {
  const database = openDatabase({});
  afterAll(() => database.close());

  it('answers 503 and says the migrations are missing', async () => {
    const app = await buildApp({ config: testConfig, database });
    const response = await app.inject({ method: 'GET', url: '/api/v1/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'not_ready',
      checks: [
        { name: 'database', ok: true },
        { name: 'migrations', ok: false, detail: 'the database was never migrated' },
      ],
    });
    await app.close();
  });
});
