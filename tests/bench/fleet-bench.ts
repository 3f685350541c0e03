/**
 * `npm run bench:fleet` (issue 16): a fleet of simulated bridges on one machine, each role in a
 * process of its own so its CPU can be read: HTTP ingest (api role, gateways post to it), MQTT
 * ingest (ingest role, subscribed to the broker at BENCH_MQTT_URL), the scheduler and analysis
 * (worker role), and dashboards (api role, a reader polls it). Not part of `npm test`.
 *
 *   npm run bench:fleet -- [--bridges N] [--seconds S] [--quick]
 *
 * Defaults: 1,000 bridges for 120 s; `--quick` is 20 bridges for 30 s. PostgreSQL from
 * DATABASE_URL (a scratch database is made on it and dropped afterwards).
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { createPartitionKeeper } from '../../server/readings/partitions.ts';
import { DEMO_STAFF } from '../../server/seed/demo-accounts.ts';
import { type BenchServer, startServer } from './bench-server.ts';
import { percentile } from './bench-stats.ts';
import { blocksOf, connectPublisher, samplesOf, sendHttp } from './fleet-gateways.ts';
import {
  analysisFigures,
  backendSecondsBetween,
  backendTicks,
  storeSize,
} from './fleet-measures.ts';
import { createFleet, type FleetBridge } from './fleet-setup.ts';
import { processTreeCpuSeconds } from './bench-stats.ts';

function option(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN;
  return Number.isFinite(value) && value > 0 ? value : undefined;
}
const quick = process.argv.includes('--quick');
const BRIDGES = option('--bridges') ?? (quick ? 20 : 1000);
const SECONDS = option('--seconds') ?? (quick ? 30 : 120);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/** Dashboard requests per second from the reader (each a few API calls). */
const READER_PER_SECOND = 2;
const SLOTS_PER_SECOND = 20;

const dbName = `spanwatch_fleet_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
const database = openDatabase({ databaseUrl: benchUrl });
await database.migrate();
const probe = new pg.Client({ connectionString: benchUrl });
await probe.connect();
// The MQTT commit probes poll concurrently; one client would queue them behind each other.
const probes = new pg.Pool({ connectionString: benchUrl, max: 4 });

const setupBegan = performance.now();
const fleet = await createFleet(database, BRIDGES);
const t0 = Math.floor(Date.now() / 1000) * 1000;
await createPartitionKeeper(database.db)([t0, t0 + SECONDS * 1000]);
console.log(
  `Fleet: ${BRIDGES} bridges × 20 streams made in ${((performance.now() - setupBegan) / 1000).toFixed(0)} s`,
);

const quiet = { ACCESS_TOKEN_TTL_SECONDS: '86400', ANALYSIS_WORKERS: 'off' };
const roles: Record<string, BenchServer> = {};
// The reader's API process starts first: it seeds the demo accounts the reader signs in with.
roles.api = await startServer(18301, benchUrl, { env: { ...quiet, ROLES: 'api' } });
roles.httpIngest = await startServer(18302, benchUrl, { env: { ...quiet, ROLES: 'api' } });
roles.mqttIngest = await startServer(18303, benchUrl, {
  env: { ...quiet, ROLES: 'ingest', MQTT_URL, MQTT_GROUP: `fleet-${process.pid}` },
});
roles.worker = await startServer(18304, benchUrl, {
  env: { ...quiet, ROLES: 'worker', ANALYSIS_WORKERS: 'on', ANALYSIS_INTERVAL_SECONDS: '30' },
});
const publisher = await connectPublisher(MQTT_URL);
const apiUrl = roles.api.baseUrl;
const ingestUrl = roles.httpIngest.baseUrl;

const login = await fetch(`${apiUrl}/api/v1/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: DEMO_STAFF.email, password: DEMO_STAFF.password }),
});
const { access } = (await login.json()) as { access: string };

const httpDelays: number[] = [];
const mqttDelays: number[] = [];
const routeTimes = new Map<string, number[]>();
let samplesSent = 0;
let httpFailures = 0;
let mqttFailures = 0;
let readerFailures = 0;
const pending = new Set<Promise<unknown>>();
const track = (work: Promise<unknown>) => {
  pending.add(work);
  void work.finally(() => pending.delete(work));
};

/** Publish→stored delay of one MQTT block, polled in the database (sampled, once a second). */
async function probeMqttCommit(datastreamId: number, start: string, sentAt: number) {
  while (performance.now() - sentAt < 30_000) {
    const { rowCount } = await probes.query(
      'SELECT 1 FROM readings WHERE datastream_id = $1 AND start = $2',
      [datastreamId, start],
    );
    if (rowCount) return mqttDelays.push(performance.now() - sentAt);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  mqttFailures += 1;
}

function sendSecond(bridge: FleetBridge, b: number, s: number, probeThis: boolean) {
  const blocks = blocksOf(bridge, b, s, t0);
  samplesSent += samplesOf(blocks);
  if (bridge.transport === 'http') {
    track(
      sendHttp(ingestUrl, bridge, blocks).then(
        ({ ms, ok }) => (ok ? httpDelays.push(ms) : (httpFailures += 1)),
        () => (httpFailures += 1),
      ),
    );
    return;
  }
  const sentAt = performance.now();
  const published = publisher.publish(bridge, blocks).catch(() => (mqttFailures += 1));
  const strain = blocks.find((x) => x.stream.kind === 'strain');
  track(
    probeThis && strain
      ? published.then(() => probeMqttCommit(strain.stream.id, strain.block.start, sentAt))
      : published,
  );
}

async function timedGet(route: string, url: string) {
  const began = performance.now();
  try {
    const response = await fetch(`${apiUrl}${url}`, {
      headers: { authorization: `Bearer ${access}` },
    });
    await response.arrayBuffer();
    if (!response.ok) readerFailures += 1;
  } catch {
    readerFailures += 1;
  }
  const list = routeTimes.get(route) ?? [];
  list.push(performance.now() - began);
  routeTimes.set(route, list);
}

/** One dashboard view: the bridge list, alerts, and an hour and a day of two of its streams. */
function readDashboard(k: number) {
  const bridge = fleet[(k * 37) % fleet.length] as FleetBridge;
  const strain = bridge.streams.find((x) => x.kind === 'strain');
  const accel = bridge.streams.find((x) => x.kind === 'acceleration');
  const now = Date.now();
  const range = (ms: number) =>
    `from=${new Date(now - ms).toISOString()}&to=${new Date(now).toISOString()}&max_points=500`;
  track(
    Promise.all([
      timedGet('GET /bridges', '/api/v1/bridges'),
      timedGet('GET /alerts', '/api/v1/alerts'),
      timedGet(
        'GET readings (hour)',
        `/api/v1/datastreams/${strain?.id}/readings?${range(3_600_000)}`,
      ),
      timedGet(
        'GET readings (day)',
        `/api/v1/datastreams/${accel?.id}/readings?${range(86_400_000)}`,
      ),
    ]),
  );
}

const cpuBefore = Object.fromEntries(
  Object.entries(roles).map(([name, server]) => [
    name,
    processTreeCpuSeconds(server.process.pid ?? 0),
  ]),
);
const dbTicksBefore = backendTicks(dbName);
const sizeBefore = await storeSize(probe);
const began = Date.now();
const wallBegan = performance.now();
let mqttProbeTurn = 0;
let dashboards = 0;
const mqttBridges = fleet.filter((f) => f.transport === 'mqtt');
for (let s = 0; s < SECONDS; s += 1) {
  const probeBridge = mqttBridges[mqttProbeTurn++ % mqttBridges.length];
  for (let slot = 0; slot < SLOTS_PER_SECOND; slot += 1) {
    const due = wallBegan + s * 1000 + (slot * 1000) / SLOTS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    for (let b = slot; b < fleet.length; b += SLOTS_PER_SECOND) {
      const bridge = fleet[b] as FleetBridge;
      sendSecond(bridge, b, s, bridge === probeBridge);
    }
    if (slot % (SLOTS_PER_SECOND / READER_PER_SECOND) === 0) readDashboard(dashboards++);
  }
}
const sendingSeconds = (performance.now() - wallBegan) / 1000;
await Promise.all([...pending]);
const wallSeconds = (performance.now() - wallBegan) / 1000;
const ended = Date.now();

const cpu: Record<string, { cores: number; millicoresPerBridge: number }> = {};
for (const [name, server] of Object.entries(roles)) {
  const before = cpuBefore[name] ?? { user: 0, system: 0 };
  const after = processTreeCpuSeconds(server.process.pid ?? 0);
  const cores = (after.user + after.system - before.user - before.system) / wallSeconds;
  cpu[name] = {
    cores: Number(cores.toFixed(3)),
    millicoresPerBridge: Number(((cores * 1000) / BRIDGES).toFixed(3)),
  };
}
const dbCores = backendSecondsBetween(dbTicksBefore, backendTicks(dbName)) / wallSeconds;
cpu.postgres = {
  cores: Number(dbCores.toFixed(3)),
  millicoresPerBridge: Number(((dbCores * 1000) / BRIDGES).toFixed(3)),
};
const sizeAfter = await storeSize(probe);
const bridgeDays = (BRIDGES * SECONDS) / 86_400;
const { rows: storedRows } = await probe.query<{ n: string }>(
  'SELECT coalesce(sum(n), 0) AS n FROM readings',
);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const p = (values: number[], q: number) => Math.round(percentile(sorted(values), q));

const report = {
  bridges: BRIDGES,
  seconds: SECONDS,
  sendingSeconds: Number(sendingSeconds.toFixed(1)),
  ingest: {
    samplesPerSecondSent: Math.round(samplesSent / SECONDS),
    samplesStored: Number(storedRows[0]?.n ?? 0),
    samplesSent,
    http: {
      requests: httpDelays.length,
      failures: httpFailures,
      p50CommitMs: p(httpDelays, 50),
      p99CommitMs: p(httpDelays, 99),
    },
    mqtt: {
      probes: mqttDelays.length,
      failures: mqttFailures,
      p50CommitMs: p(mqttDelays, 50),
      p99CommitMs: p(mqttDelays, 99),
    },
  },
  api: Object.fromEntries(
    [...routeTimes].map(([route, times]) => [
      route,
      { requests: times.length, p50Ms: p(times, 50), p99Ms: p(times, 99) },
    ]),
  ),
  readerFailures,
  analysis: await analysisFigures(probe, began, ended),
  storage: {
    // Relation growth counts whole pages and index pages (coarse on a short run); row bytes
    // are what the rows themselves hold, without page or index overhead.
    rawBytesPerBridgeDay: Math.round((sizeAfter.rawBytes - sizeBefore.rawBytes) / bridgeDays),
    rollupBytesPerBridgeDay: Math.round(
      (sizeAfter.rollupBytes - sizeBefore.rollupBytes) / bridgeDays,
    ),
    rawRowBytesPerBridgeDay: Math.round(sizeAfter.rawRowBytes / bridgeDays),
    rollupRowBytesPerBridgeDay: Math.round(sizeAfter.rollupRowBytes / bridgeDays),
    blocks: sizeAfter.blocks,
  },
  cpu,
};
console.log(JSON.stringify(report, null, 2));

await publisher.close();
for (const server of Object.values(roles)) await server.stop();
await probe.end();
await probes.end();
await database.close();
await new Promise((resolve) => setTimeout(resolve, 1000));
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();
