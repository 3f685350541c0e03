import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client.ts';
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
import { createTestDatabase, drivers, type TestDatabase } from '../../helpers/test-database.ts';

const MOSQUITTO_PORT = 18861;
const PORTS = { pglite: 8117, postgres: 8118 };
const MQTT_BLOCKS = 300;

/** The database the server process will own: a PGlite directory, or a PostgreSQL database. */
async function serverDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'postgres') {
    const testDb: TestDatabase = await createTestDatabase('postgres');
    return {
      env: { DATABASE_URL: testDb.url ?? '' },
      open: async () => testDb.database,
      release: async (database: Database) => void database,
      drop: () => testDb.drop(),
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-shutdown-'));
  const open = async () => {
    const database = openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await database.migrate();
    return database;
  };
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: '' },
    open,
    // PGlite has one owner: the test lets go of the directory while the server runs.
    release: (database: Database) => database.close(),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function storedStarts(database: Database, datastreamId: number): Promise<Set<number>> {
  const rows = rowsOf<{ start: Date | string }>(
    await database.db.execute(
      sql`select start from readings where datastream_id = ${datastreamId}`,
    ),
  );
  return new Set(rows.map((row) => new Date(row.start).getTime()));
}

// The drivers' runs side by side: each has its own server process, port, broker and database,
// and most of a run is waiting on the server's start, stop and restart.
describe.concurrent.each(drivers)('graceful shutdown on %s', (kind) => {
  let broker: Awaited<ReturnType<typeof startMosquitto>>;
  beforeAll(async () => {
    buildServer();
    broker = await startMosquitto(MOSQUITTO_PORT + (kind === 'postgres' ? 1 : 0));
  });
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    // A failed test leaves no server behind.
    for (const server of servers) await server.stop('SIGKILL');
    await broker?.stop();
  });

  it('on SIGTERM finishes in-flight ingest, exits 0 and loses no acknowledged sample', async () => {
    const place = await serverDatabase(kind);
    let database = await place.open();
    const services = createServices(testConfig, database);
    const http = await streamOnBridge({ services }, 'shutdown-http');
    const viaMqtt = await streamOnBridge({ services }, 'shutdown-mqtt');
    const { token } = await createIngestTokensRepository(database.db).create(
      http.bridge.id,
      'load',
    );
    const staff = await services.users.create({
      username: 'shutdown-staff',
      email: 'shutdown-staff@example.ca',
      passwordHash: 'not-used',
      isStaff: true,
      company: 'Test Co',
      address: '1 Test Road, Ottawa',
    });
    const staffToken = (await services.sessions.start(staff.id)).access;
    await place.release(database);

    const port = PORTS[kind];
    const env = {
      ...place.env,
      PORT: String(port),
      MQTT_URL: broker.url,
      MQTT_CLIENT_ID: `shutdown-test-${kind}`,
      ANALYSIS_WORKERS: 'off',
      // The test signs its staff token with the same secret as the server checks it.
      JWT_SECRET: testConfig.jwtSecret,
      DATA_ENCRYPTION_KEY: testConfig.dataEncryptionKey,
    };
    const start = async () => {
      const started = await startServerProcess(env);
      servers.push(started);
      return started;
    };
    let server = await start();

    // HTTP load: four clients, each batch one distinct one-second block; a 2xx is a promise.
    const acknowledged: number[] = [];
    let next = 0;
    const client = async () => {
      for (;;) {
        const start = BASE_MS + next++ * 1000;
        const [block] = sineBlocks('shutdown-http', start, 1);
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/v1/ingest`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-ingest-token': token },
            body: JSON.stringify([block]),
          });
          await response.body?.cancel();
          if (response.ok) acknowledged.push(start);
        } catch {
          return; // The server closed its port.
        }
        if (server.child.exitCode !== null) return;
      }
    };
    const clients = Promise.all([client(), client(), client(), client()]);

    // MQTT load: blocks published QoS 1 while the server stops; the broker keeps what the
    // server did not acknowledge.
    const publisher = await mqtt.connectAsync(broker.url, { protocolVersion: 5 });
    const blocks = sineBlocks('shutdown-mqtt', BASE_MS, MQTT_BLOCKS);
    const published = (async () => {
      for (const block of blocks) {
        await publisher.publishAsync(
          `spanwatch/${viaMqtt.bridge.id}/shutdown-mqtt`,
          JSON.stringify(block),
          { qos: 1 },
        );
      }
    })();

    await new Promise((resolve) => setTimeout(resolve, 1500));
    const firstExit = await server.stop('SIGTERM');
    expect(firstExit, server.output()).toBe(0);
    await clients;
    await published;
    expect(acknowledged.length).toBeGreaterThan(0);

    // Every acknowledged HTTP block is stored.
    database = await place.open();
    const httpStarts = await storedStarts(database, http.stream.id);
    expect(acknowledged.filter((start) => !httpStarts.has(start))).toEqual([]);
    await place.release(database);

    // The next start stores the MQTT blocks the first did not acknowledge: all, once each.
    server = await start();
    const mqttSamples = async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/datastreams`, {
        headers: { authorization: `Bearer ${staffToken}` },
      });
      const streams = (await response.json()) as { stream_id: string; sample_count: number }[];
      return streams.find((s) => s.stream_id === 'shutdown-mqtt')?.sample_count ?? 0;
    };
    const deadline = Date.now() + 60_000;
    while ((await mqttSamples()) < MQTT_BLOCKS * 100 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const secondExit = await server.stop('SIGTERM');
    expect(secondExit, server.output()).toBe(0);
    await publisher.endAsync();
    database = await place.open();
    const mqttStarts = await storedStarts(database, viaMqtt.stream.id);
    expect(mqttStarts.size).toBe(MQTT_BLOCKS);
    expect([...mqttStarts].sort()).toEqual(blocks.map((b) => Date.parse(b.start)).sort());
    const [stream] = rowsOf<{ sample_count: number | string }>(
      await database.db.execute(
        sql`select sample_count from datastreams where id = ${viaMqtt.stream.id}`,
      ),
    );
    expect(Number(stream?.sample_count)).toBe(MQTT_BLOCKS * 100);
    await place.release(database);
    await place.drop();
  }, 240_000);
});
