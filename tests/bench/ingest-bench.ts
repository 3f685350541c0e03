/**
 * `npm run bench:ingest` (issue 5, Benchmarks), on the local PostgreSQL and Mosquitto, loopback
 * only: HTTP ingest through the real server vs a bare COPY of the same blocks into the same
 * table; MQTT end to end with CPU use and publish→commit delay; query latency over a week of one
 * 100 Hz stream; and the HTTP ingest figure on PGlite. Not part of `npm test`.
 */
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { createPartitionKeeper } from '../../server/readings/partitions.ts';
import { createServices } from '../../server/services.ts';
import { type BlockBody, sineBlocks } from '../helpers/readings-fixtures.ts';
import { testConfig } from '../helpers/test-app.ts';
import { bridgeWithStreams, startServer } from './bench-server.ts';
import { copyLine, copyReadings, copyReadingsInParallel, resetReadings } from './bench-copy.ts';
import { ndjsonBodies, sendBodies } from './bench-http.ts';
import { gatewayRounds, pacedGatewayRounds } from './bench-gateways.ts';
import { fleet, runMqtt } from './bench-mqtt.ts';
import { loadWeek, timeQueries, timeRanges } from './bench-query.ts';
import { loadYear } from './bench-year.ts';
import { commandCpuSeconds, cpuMeter, fmt, processTreeCpuSeconds } from './bench-stats.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const MQTT_URL = process.env.BENCH_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const MQTT_SECONDS = Number(process.env.BENCH_MQTT_SECONDS ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 7);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const HTTP_CONCURRENCY = Number(process.env.BENCH_HTTP_CONCURRENCY ?? 4);
/** Gateway seconds sent per round of the gateway-sized part (one request each). */
const GATEWAY_SECONDS = Number(process.env.BENCH_GATEWAY_SECONDS ?? 3000);
const GATEWAY_IN_FLIGHT = Number(process.env.BENCH_GATEWAY_IN_FLIGHT ?? 64);
const GATEWAY_ROUNDS = Number(process.env.BENCH_GATEWAY_ROUNDS ?? 3);
/** The paced part's rate: the goal's 1,000 gateway requests a second (open loop). */
const GATEWAY_RATE = Number(process.env.BENCH_GATEWAY_RATE ?? 1000);
/**
 * `group` measures only the group-commit path: the one-transaction-per-request path queues on
 * roll-up row locks at 64 requests in flight and takes many minutes for the same bodies.
 */
const GATEWAY_PATHS = process.env.BENCH_GATEWAY_PATHS === 'group' ? 'group' : 'both';
const T0 = Date.UTC(2026, 9, 10);
/** `http`, `gateways`, `query`, `mqtt` or `pglite` (or several: `http,query`) runs only those. */
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter((part) => part !== '');
const runs = (part: string) => ONLY.length === 0 || ONLY.includes(part);

const dbName = `spanwatch_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const benchUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
const database = openDatabase({ databaseUrl: benchUrl });
await database.migrate();
const report: Record<string, unknown> = {};

/** One second of every stream, then the next second: the order a gateway sends in. */
function interleaved(labels: string[], startMs: number, seconds: number): BlockBody[] {
  const perStream = labels.map((label) => sineBlocks(label, startMs, seconds));
  const out: BlockBody[] = [];
  for (let s = 0; s < seconds; s += 1)
    for (const blocks of perStream) out.push(blocks[s] as BlockBody);
  return out;
}

interface CpuSplit {
  database: number;
  server: number;
  client: number;
}

/** From now on, the CPU used by PostgreSQL, the server and this process, per sample in ns. */
function cpuSplit(serverPid: number): (samples: number) => CpuSplit {
  const before = () => {
    const server = processTreeCpuSeconds(serverPid);
    const client = process.cpuUsage();
    return {
      database: commandCpuSeconds('postgres'),
      server: server.user + server.system,
      client: (client.user + client.system) / 1e6,
    };
  };
  const start = before();
  return (samples) => {
    const end = before();
    const ns = (key: keyof CpuSplit) => Math.round(((end[key] - start[key]) * 1e9) / samples);
    return { database: ns('database'), server: ns('server'), client: ns('client') };
  };
}

function medianSplit(splits: CpuSplit[]): CpuSplit {
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  return {
    database: median(splits.map((s) => s.database)),
    server: median(splits.map((s) => s.server)),
    client: median(splits.map((s) => s.client)),
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const began = performance.now();
  const value = await run();
  return { seconds: (performance.now() - began) / 1000, value };
}

// A full run outlasts the default 15-minute access token the query part signs in with.
const longSession = { ACCESS_TOKEN_TTL_SECONDS: '86400' };
// BENCH_CPU_PROF=DIR profiles the group-commit server (tests/bench/cpu-profile-summary.ts reads it).
const profileDir = process.env.BENCH_CPU_PROF;
const server = await startServer(18091, benchUrl, {
  env: longSession,
  nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
});
/**
 * BENCH_BASELINE_CHECKOUT=DIR: another clone (built; this one's own directory works with
 * BENCH_BASELINE_ENV) whose server takes part in every round of the HTTP and gateway parts too,
 * so a change is measured against the build or setting before it under the same load.
 */
const baselineCheckout = process.env.BENCH_BASELINE_CHECKOUT;
/** BENCH_BASELINE_ENV="NAME=value ...": settings of the baseline server (a setting's effect). */
const baselineEnv = Object.fromEntries(
  (process.env.BENCH_BASELINE_ENV ?? '')
    .split(/\s+/)
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const baseline = baselineCheckout
  ? await startServer(18094, benchUrl, {
      env: { ...longSession, ...baselineEnv },
      checkout: baselineCheckout,
    })
  : null;
// The same server with one transaction per request (before issue 16), on the same database.
const ungrouped = await startServer(18093, benchUrl, {
  env: { ...longSession, INGEST_GROUP_COMMIT_MS: '0' },
});
try {
  const setup = await bridgeWithStreams(server.baseUrl, 'bench', STREAMS);
  if (runs('http')) await httpVsCopy(setup);
  if (runs('gateways')) await gateways(setup);
  if (runs('query')) await queryWeek(setup);
} finally {
  await server.stop();
  await ungrouped.stop();
  await baseline?.stop();
}

/** 1b. Gateway-sized bodies (one second of a 50-channel gateway), many requests in flight. */
async function gateways(setup: Awaited<ReturnType<typeof bridgeWithStreams>>) {
  const figures = await gatewayRounds({
    url: benchUrl,
    ingestToken: setup.ingestToken,
    blocks: interleaved(setup.labels, T0, GATEWAY_SECONDS),
    channels: STREAMS,
    inFlight: GATEWAY_IN_FLIGHT,
    rounds: GATEWAY_ROUNDS,
    targets: [
      { name: 'groupCommit', baseUrl: server.baseUrl, pid: server.process.pid },
      { name: 'oneTransactionPerRequest', baseUrl: ungrouped.baseUrl, pid: ungrouped.process.pid },
    ]
      .filter((target) => GATEWAY_PATHS === 'both' || target.name === 'groupCommit')
      .concat(
        baseline
          ? [{ name: 'baseline', baseUrl: baseline.baseUrl, pid: baseline.process.pid }]
          : [],
      ),
  });
  report.gateways = figures;
  console.log('HTTP ingest, gateway-sized bodies:', JSON.stringify(figures));
  const paced = await pacedGatewayRounds({
    url: benchUrl,
    ingestToken: setup.ingestToken,
    blocks: interleaved(setup.labels, T0, GATEWAY_SECONDS),
    channels: STREAMS,
    ratePerSecond: GATEWAY_RATE,
    rounds: GATEWAY_ROUNDS,
    targets: [{ name: 'groupCommit', baseUrl: server.baseUrl }].concat(
      baseline ? [{ name: 'baseline', baseUrl: baseline.baseUrl }] : [],
    ),
  });
  report.gatewaysPaced = paced;
  console.log(`HTTP ingest, gateways paced at ${GATEWAY_RATE} requests/s:`, JSON.stringify(paced));
}

/** 1. HTTP ingest vs bare COPY, same blocks, same (empty) table, paired rounds (see below). */
async function httpVsCopy(setup: Awaited<ReturnType<typeof bridgeWithStreams>>) {
  const idOf = new Map(setup.labels.map((label, i) => [label, setup.ids[i] as number]));
  const blocks = interleaved(setup.labels, T0, SECONDS);
  const samples = blocks.length * 100;
  const bodies = ndjsonBodies(blocks, 1000);
  // Both sides' bytes are encoded before the clock starts.
  const copyChunks: Buffer[] = [];
  for (let i = 0; i < blocks.length; i += 1000) {
    copyChunks.push(
      Buffer.from(
        blocks
          .slice(i, i + 1000)
          .map((b) => copyLine(idOf.get(b.stream_id) ?? 0, b))
          .join(''),
      ),
    );
  }
  // Every server is warmed with a round's worth of other seconds first: a server in service has
  // its ingest path compiled, and a cold first round measured the JIT (0.46-0.54).
  const warmUp = ndjsonBodies(interleaved(setup.labels, T0 - 3_600_000, SECONDS), 1000);
  for (const target of [server, ungrouped, baseline]) {
    if (target) await sendBodies(target.baseUrl, setup.ingestToken, warmUp, HTTP_CONCURRENCY);
    await resetReadings(benchUrl);
  }
  // The machine is shared: each round times the bare COPYs and then the HTTP ingest of the same
  // blocks, so all see the same load, and the median of the rounds' ratios is reported. The
  // physical limit of a round is the faster of one COPY stream and as many concurrent COPYs as
  // the HTTP ingest has gateways (several backends can use both cores).
  const ratios: number[] = [];
  const singleStreamRatios: number[] = [];
  const parallelRatios: number[] = [];
  const ungroupedParallelRatios: number[] = [];
  const serverCpuNsPerSample: number[] = [];
  const serverKernelNsPerSample: number[] = [];
  const machineBusy: number[] = [];
  const baselineRatios: number[] = [];
  const copyCpuSplit: CpuSplit[] = [];
  const httpCpuSplit: CpuSplit[] = [];
  let copyBest = Infinity;
  let parallelCopyBest = Infinity;
  let httpBest = Infinity;
  const serverPid = server.process.pid ?? 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    await resetReadings(benchUrl);
    const copy = (await timed(() => copyReadings(benchUrl, copyChunks))).seconds;
    await resetReadings(benchUrl);
    const copyCpu = cpuSplit(serverPid);
    const parallelCopy = (
      await timed(() => copyReadingsInParallel(benchUrl, copyChunks, HTTP_CONCURRENCY))
    ).seconds;
    copyCpuSplit.push(copyCpu(samples));
    await resetReadings(benchUrl);
    const cpuBefore = processTreeCpuSeconds(serverPid);
    const meter = cpuMeter();
    const httpCpu = cpuSplit(serverPid);
    const http = await timed(() =>
      sendBodies(server.baseUrl, setup.ingestToken, bodies, HTTP_CONCURRENCY),
    );
    httpCpuSplit.push(httpCpu(samples));
    machineBusy.push(meter().machineBusy);
    const cpuAfter = processTreeCpuSeconds(serverPid);
    serverCpuNsPerSample.push(((cpuAfter.user - cpuBefore.user) * 1e9) / samples);
    serverKernelNsPerSample.push(((cpuAfter.system - cpuBefore.system) * 1e9) / samples);
    if (http.value !== samples) throw new Error(`HTTP accepted ${http.value} of ${samples}`);
    await resetReadings(benchUrl);
    const before = await timed(() =>
      sendBodies(ungrouped.baseUrl, setup.ingestToken, bodies, HTTP_CONCURRENCY),
    );
    if (baseline) {
      await resetReadings(benchUrl);
      const before = await timed(() =>
        sendBodies(baseline.baseUrl, setup.ingestToken, bodies, HTTP_CONCURRENCY),
      );
      baselineRatios.push(parallelCopy / before.seconds);
    }
    parallelRatios.push(parallelCopy / http.seconds);
    ungroupedParallelRatios.push(parallelCopy / before.seconds);
    ratios.push(Math.min(copy, parallelCopy) / http.seconds);
    singleStreamRatios.push(copy / http.seconds);
    copyBest = Math.min(copyBest, copy);
    parallelCopyBest = Math.min(parallelCopyBest, parallelCopy);
    httpBest = Math.min(httpBest, http.seconds);
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  const medianRatio = median(ratios);
  report.httpVsCopy = {
    samples,
    rounds: ROUNDS,
    gateways: HTTP_CONCURRENCY,
    copySamplesPerSecond: Math.round(samples / copyBest),
    parallelCopySamplesPerSecond: Math.round(samples / parallelCopyBest),
    httpSamplesPerSecond: Math.round(samples / httpBest),
    roundRatios: ratios.map((r) => Number(r.toFixed(3))),
    medianRatio: Number(medianRatio.toFixed(3)),
    medianRatioToOneCopyStream: Number(median(singleStreamRatios).toFixed(3)),
    medianRatioToParallelCopy: Number(median(parallelRatios).toFixed(3)),
    medianRatioToParallelCopyWithoutGroupCommit: Number(median(ungroupedParallelRatios).toFixed(3)),
    ...(baseline && {
      baselineCheckout,
      baselineRoundRatios: baselineRatios.map((r) => Number(r.toFixed(3))),
      baselineMedianRatioToParallelCopy: Number(median(baselineRatios).toFixed(3)),
    }),
    // Server process CPU per sample during the HTTP rounds: what the ingest itself costs, in
    // user space and in the kernel (socket I/O for the request bodies and the COPY).
    serverUserNsPerSample: serverCpuNsPerSample.map(Math.round),
    serverKernelNsPerSample: serverKernelNsPerSample.map(Math.round),
    machineBusyDuringHttp: machineBusy.map((b) => Number(b.toFixed(2))),
    // Where the CPU went, in ns per sample (median of the rounds): the database, the server and
    // this process (the COPY clients, or the gateways' fetch) in the parallel COPY and HTTP rounds.
    cpuNsPerSample: {
      parallelCopy: medianSplit(copyCpuSplit),
      http: medianSplit(httpCpuSplit),
    },
  };
  console.log(
    `HTTP ingest (PostgreSQL): ${fmt(samples / httpBest)} samples/s; bare COPY: ${fmt(samples / copyBest)} samples/s in one stream, ${fmt(samples / parallelCopyBest)} in ${HTTP_CONCURRENCY} (best rounds); median ratio to the faster, of ${ROUNDS} paired rounds: ${medianRatio.toFixed(2)}; to ${HTTP_CONCURRENCY} COPYs: ${median(parallelRatios).toFixed(2)} (one transaction per request: ${median(ungroupedParallelRatios).toFixed(2)})`,
  );
}

/** 2. Query latency over a week of one 100 Hz stream. */
async function queryWeek(setup: Awaited<ReturnType<typeof bridgeWithStreams>>) {
  await resetReadings(benchUrl);
  const weekFrom = Date.UTC(2026, 8, 1);
  await createPartitionKeeper(database.db)([weekFrom, weekFrom + 7 * 86_400_000]);
  const queryStream = setup.ids[0] as number;
  const loadSeconds = await loadWeek(benchUrl, queryStream, weekFrom, DAYS);
  const queries = await timeQueries(server.baseUrl, setup.access, queryStream, weekFrom, DAYS);
  report.query = { loadSeconds, ...queries };
  console.log(
    `Query, week of 100 Hz (60.5 M samples, loaded in ${loadSeconds.toFixed(0)} s):`,
    JSON.stringify(queries),
  );

  // A year of a 10 Hz stream: roll-ups for all of it, raw blocks for a sample of days.
  const yearFrom = Date.UTC(2025, 0, 1);
  const yearStream = setup.ids[1] as number;
  const rawDays = Number(process.env.BENCH_YEAR_RAW_DAYS ?? 12);
  const step = Math.floor(365 / Math.max(1, rawDays));
  await createPartitionKeeper(database.db)(
    Array.from({ length: rawDays }, (_, d) => yearFrom + d * step * 86_400_000),
  );
  const year = await loadYear(benchUrl, yearStream, yearFrom, rawDays);
  const day = year.rawDayStarts[Math.floor(rawDays / 2)] ?? yearFrom;
  const yearQueries = await timeRanges(server.baseUrl, setup.access, yearStream, [
    { name: 'year', fromMs: yearFrom, toMs: yearFrom + 365 * 86_400_000 },
    { name: 'month', fromMs: day - 15 * 86_400_000, toMs: day + 15 * 86_400_000 },
    { name: 'rawDay', fromMs: day, toMs: day + 86_400_000 },
    { name: 'rawMinute', fromMs: day + 43_200_000, toMs: day + 43_260_000 },
  ]);
  report.queryYear = { loadSeconds: year.loadSeconds, rawDays, ...yearQueries };
  console.log(
    `Query, year of 10 Hz (roll-ups for 365 days, raw for ${rawDays}, loaded in ${year.loadSeconds.toFixed(0)} s):`,
    JSON.stringify(yearQueries),
  );
}

// 3. MQTT end to end: 30 bridges × 50 channels × 100 Hz, paced to real time, then flat out.
if (runs('mqtt')) {
  const topics = await fleet(database, 30, 50);
  const services = createServices(testConfig, database);
  const start = Date.UTC(2026, 9, 20);
  const paced = await runMqtt(services, MQTT_URL, topics, MQTT_SECONDS, true, start);
  console.log('MQTT paced at 150,000 samples/s:', JSON.stringify(paced));
  const flat = await runMqtt(services, MQTT_URL, topics, 10, false, Date.UTC(2026, 9, 21));
  console.log('MQTT flat out:', JSON.stringify(flat));
  report.mqtt = { paced, flat };
}

await database.close();
// pg-pool's end() resolves before its sockets are gone; give them a moment before the drop.
await new Promise((resolve) => setTimeout(resolve, 1000));
await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
await admin.end();

// 4. The same HTTP ingest on the embedded PGlite (on disk, as `npm start` runs it).
if (runs('pglite')) await pgliteIngest();
console.log(JSON.stringify(report, null, 2));

async function pgliteIngest() {
  const embedded = await startServer(18092);
  try {
    const setup = await bridgeWithStreams(embedded.baseUrl, 'lite', STREAMS);
    const blocks = interleaved(setup.labels, T0, 60);
    await sendBodies(
      embedded.baseUrl,
      setup.ingestToken,
      ndjsonBodies(interleaved(setup.labels, T0 - 3_600_000, 2), 1000),
      1,
    );
    const run = await timed(() =>
      sendBodies(embedded.baseUrl, setup.ingestToken, ndjsonBodies(blocks, 1000), 2),
    );
    report.pglite = { samples: run.value, samplesPerSecond: Math.round(run.value / run.seconds) };
    console.log(`HTTP ingest (PGlite on disk): ${fmt(run.value / run.seconds)} samples/s`);
  } finally {
    await embedded.stop();
  }
}
