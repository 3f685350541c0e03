import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { createIngestTokensRepository } from '../../../server/repositories/ingest-tokens-repository.ts';
import { createServices } from '../../../server/services.ts';
import { BASE_MS, sineBlocks, streamOnBridge } from '../../helpers/readings-fixtures.ts';
import {
  buildServer,
  startMosquitto,
  startServerProcess,
  type ServerProcess,
} from '../../helpers/server-process.ts';
import { testConfig } from '../../helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.ts';

const MOSQUITTO_PORT = 18871;
const API_PORTS = [8127, 8128];
const INGEST_METRICS_PORTS = [9127, 9128];
const MQTT_BLOCKS = 200;
const HTTP_BLOCKS = 60;

/**
 * Issue 14's scale-out: two processes of each role on one PostgreSQL and one broker. The two
 * ingest processes share the broker's subscription, the two API processes answer HTTP ingest,
 * and every sample is stored exactly once whichever process took it.
 */
describe.skipIf(!process.env.DATABASE_URL)('two processes of each role on PostgreSQL', () => {
  let testDb: TestDatabase;
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    buildServer();
    testDb = await createTestDatabase('postgres');
    broker = await startMosquitto(MOSQUITTO_PORT);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await broker?.stop();
    await testDb?.drop();
  });

  it('stores every MQTT and HTTP sample once, whichever process took it', async () => {
    const services = createServices(testConfig, testDb.database);
    const viaHttp = await streamOnBridge({ services }, 'scale-http');
    const viaMqtt = await streamOnBridge({ services }, 'scale-mqtt');
    const { token } = await createIngestTokensRepository(testDb.database.db).create(
      viaHttp.bridge.id,
      'gateway',
    );

    const common = {
      DATABASE_URL: testDb.url ?? '',
      MQTT_URL: broker.url,
      MQTT_GROUP: 'scale-out-test',
      JWT_SECRET: testConfig.jwtSecret,
      DATA_ENCRYPTION_KEY: testConfig.dataEncryptionKey,
    };
    const start = async (env: NodeJS.ProcessEnv) => {
      const server = await startServerProcess({ ...common, ...env });
      servers.push(server);
      return server;
    };
    // Started together, as an orchestrator would: migrations run once under their lock. All
    // are awaited before a failure is thrown, so afterAll stops every process that did start.
    const starts = await Promise.allSettled([
      ...API_PORTS.map((port) => start({ ROLES: 'api', PORT: String(port) })),
      ...INGEST_METRICS_PORTS.map((port) =>
        start({
          ROLES: 'ingest',
          MQTT_CLIENT_ID: `scale-ingest-${port}`,
          METRICS_PORT: String(port),
        }),
      ),
      ...[1, 2].map(() => start({ ROLES: 'worker', ANALYSIS_INTERVAL_SECONDS: '5' })),
    ]);
    const failed = starts.find((started) => started.status === 'rejected');
    if (failed) throw failed.reason;
    for (const port of API_PORTS) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/v1/ready`);
      expect(ready.status).toBe(200);
    }

    // HTTP: blocks spread over both API processes, then every block sent again to the other.
    const httpBlocks = sineBlocks('scale-http', BASE_MS, HTTP_BLOCKS);
    const post = (port: number, block: (typeof httpBlocks)[number]) =>
      fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': token },
        body: JSON.stringify([block]),
      });
    const first = await Promise.all(
      httpBlocks.map((block, i) => post(API_PORTS[i % 2] ?? 0, block)),
    );
    expect(first.map((response) => response.status).every((status) => status < 300)).toBe(true);
    const resent = await Promise.all(
      httpBlocks.map((block, i) => post(API_PORTS[(i + 1) % 2] ?? 0, block)),
    );
    expect(resent.every((response) => response.status < 300)).toBe(true);

    // MQTT: QoS 1 blocks; the broker splits them between the two ingest processes.
    const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const mqttBlocks = sineBlocks('scale-mqtt', BASE_MS, MQTT_BLOCKS);
    for (const block of mqttBlocks) {
      await publisher.publishAsync(
        `spanwatch/${viaMqtt.bridge.id}/scale-mqtt`,
        JSON.stringify(block),
        { qos: 1 },
      );
    }
    await publisher.endAsync();

    const samples = async (id: number) => {
      const [row] = rowsOf<{ sample_count: number | string }>(
        await testDb.database.db.execute(
          sql`select sample_count from datastreams where id = ${id}`,
        ),
      );
      return Number(row?.sample_count ?? 0);
    };
    await expect
      .poll(() => samples(viaMqtt.stream.id), { timeout: 60_000, interval: 250 })
      .toBe(MQTT_BLOCKS * 100);
    expect(await samples(viaHttp.stream.id)).toBe(HTTP_BLOCKS * 100);

    const blockCounts = rowsOf<{ datastream_id: number; blocks: number | string }>(
      await testDb.database.db.execute(
        sql`select datastream_id, count(*) as blocks, count(distinct start) as starts
            from readings where datastream_id in (${viaHttp.stream.id}, ${viaMqtt.stream.id})
            group by datastream_id`,
      ),
    );
    const byStream = new Map(blockCounts.map((row) => [row.datastream_id, Number(row.blocks)]));
    expect(byStream.get(viaHttp.stream.id)).toBe(HTTP_BLOCKS);
    expect(byStream.get(viaMqtt.stream.id)).toBe(MQTT_BLOCKS);

    // The shared subscription split the messages: each ingest process stored a part, and the
    // parts add up to the whole (two plain subscribers would each have stored everything).
    const storedBy = await Promise.all(
      INGEST_METRICS_PORTS.map(async (port) => {
        const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
        const line = text
          .split('\n')
          .find((l) => l.startsWith('spanwatch_ingest_samples_total{outcome="stored"}'));
        return Number(line?.split(' ').at(-1) ?? 0);
      }),
    );
    expect(
      storedBy.every((stored) => stored > 0),
      String(storedBy),
    ).toBe(true);
    expect(storedBy.reduce((a, b) => a + b, 0)).toBe(MQTT_BLOCKS * 100);
    for (const server of servers) {
      expect(await server.stop('SIGTERM'), server.output()).toBe(0);
    }
  }, 240_000);
});
