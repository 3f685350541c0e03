// npm run bench:abuse — does one client's abuse leave everyone else served (issue 37)? Starts
// the compiled server (embedded database, demo accounts) and, when Mosquitto is installed, a
// private broker it ingests from; then, while a client in a process of its own polls
// GET /api/v1/health every 250 ms and a gateway sends one valid block every 500 ms over HTTP,
// runs in turn:
//   H2  NDJSON bodies of `x\n` lines, 1, 4 and 16 MB, with a valid ingest token;
//   H1  one MQTT message of 1 MB: a JSON array of 209,715 nulls (skipped without Mosquitto),
//       then a valid MQTT block whose storage is timed;
//   F6  two raw exports from 1970 to 9999 at once by one user, and 8 parallel correct sign-ins.
// Prints per phase the health p99/max, the gateway's answer times (its blocks are stored when
// answered), what the attacker got, the server's largest resident memory during the phase and
// its peak since start (a first start's initdb included). Goals (issue 37):
// health p99 < 100 ms and max < 1 s, every valid sample stored within 2 s, memory < 500 MB.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { DEMO_OPERATOR } from '../../server/seed/demo-accounts.ts';
import { startPrivateBroker, type PrivateBroker } from '../helpers/private-broker.ts';
import { buildServer, startServerProcess } from '../helpers/server-process.ts';
import { percentile } from './bench-stats.ts';
import { bridgeWithStreams } from './bench-server.ts';
import { pollInOwnProcess, summarise } from './latency-poller.ts';

const PORT = 8193;
const BROKER_PORT = 18847;
const BASE = `http://127.0.0.1:${PORT}`;
const DAY_MS = 86_400_000;

interface Row {
  phase: string;
  healthRequests: number;
  healthP99: number;
  healthMax: number;
  gatewayP99: number;
  gatewayMax: number;
  gatewayFailures: number;
  attacker: string;
  /** The server's largest resident memory sampled during the phase (every 100 ms). */
  phaseMaxMb: number;
  /** The server's peak resident memory so far, after the phase (first start included). */
  peakMb: number;
}

const hasMosquitto = () => ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].some(existsSync);

/** One memory figure of a process from Linux's /proc status, in MB. */
function statusMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Peak resident memory of a process so far (VmHWM): on a first start, initdb's included. */
const peakRssMb = (pid: number) => statusMb(pid, 'VmHWM');

/** A valid block of 100 samples at 100 Hz for `stream`, starting `at`. */
const block = (stream: string, at: number) => ({
  stream_id: stream,
  start: new Date(at).toISOString(),
  rate_hz: 100,
  values: Array.from({ length: 100 }, (_, i) => Math.sin(i / 5)),
});

/** Sends one valid block every 500 ms until stopped; each answer's time is a storage time. */
function gateway(token: string, stream: string, firstMs: number) {
  const times: number[] = [];
  let failures = 0;
  let next = firstMs;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const sentAt = performance.now();
      const sending = fetch(`${BASE}/api/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': token },
        body: JSON.stringify([block(stream, next)]),
      })
        .then(async (response) => {
          const body = (await response.json()) as { accepted_samples?: number };
          if (body.accepted_samples !== 100) failures += 1;
        })
        .catch(() => (failures += 1))
        .finally(() => times.push(performance.now() - sentAt));
      next += 1000;
      await new Promise((resolve) => setTimeout(resolve, 500));
      void sending;
    }
  })();
  return {
    /** Answer times since the last call, and failures. */
    take() {
      const taken = times.splice(0).sort((a, b) => a - b);
      const result = { sorted: taken, failures };
      failures = 0;
      return result;
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

async function signIn(email: string, password: string) {
  const response = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { access?: string } };
}

/** Runs `attack` while health is polled for `ms`; the row for the table. */
let serverPid = 0;
let setupPeakMb = NaN;

async function phase(
  name: string,
  ms: number,
  feed: ReturnType<typeof gateway>,
  attack: () => Promise<string>,
): Promise<Row> {
  feed.take();
  let phaseMaxMb = statusMb(serverPid, 'VmRSS');
  const sampler = setInterval(() => {
    phaseMaxMb = Math.max(phaseMaxMb, statusMb(serverPid, 'VmRSS'));
  }, 100);
  const poller = pollInOwnProcess(`${BASE}/api/v1/health`, { everyMs: 250, durationMs: ms });
  await poller.polling;
  const [series, attacker] = await Promise.all([poller.series, attack()]);
  clearInterval(sampler);
  const health = summarise(series);
  const fed = feed.take();
  return {
    phase: name,
    healthRequests: health.requests,
    healthP99: health.p99,
    healthMax: health.max,
    gatewayP99: percentile(fed.sorted, 99),
    gatewayMax: fed.sorted.at(-1) ?? NaN,
    gatewayFailures: fed.failures,
    attacker,
    phaseMaxMb,
    peakMb: peakRssMb(serverPid),
  };
}

async function ndjsonAttack(token: string, megabytes: number): Promise<string> {
  const body = 'x\n'.repeat((megabytes * 1024 * 1024) / 2);
  const startedAt = performance.now();
  const response = await fetch(`${BASE}/api/v1/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson', 'x-ingest-token': token },
    body,
  });
  const answer = await response.text();
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  return `${megabytes} MB -> ${response.status}, ${answer.length} B answer, ${seconds} s`;
}

async function mqttAttack(
  broker: PrivateBroker,
  bridgeId: number,
  stream: string,
  streamId: number,
  access: string,
) {
  const client = await mqtt.connectAsync(broker.url, { protocolVersion: 5, reconnectPeriod: 0 });
  const nulls = `[${new Array(209_715).fill('null').join(',')}]`;
  await client.publishAsync(`spanwatch/${bridgeId}/${stream}`, nulls, { qos: 1 });
  // A valid block after the poison: how long until it is stored?
  const countOf = async () => {
    const response = await fetch(`${BASE}/api/v1/datastreams`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const list = (await response.json()) as { id: number; sample_count?: number }[];
    return list.find((s) => s.id === streamId)?.sample_count ?? 0;
  };
  const before = await countOf();
  const sentAt = performance.now();
  await client.publishAsync(
    `spanwatch/${bridgeId}/${stream}`,
    JSON.stringify(block(stream, Date.now() - 5 * DAY_MS)),
    { qos: 1 },
  );
  let storedMs = NaN;
  while (performance.now() - sentAt < 10_000) {
    if ((await countOf()) >= before + 100) {
      storedMs = performance.now() - sentAt;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await client.endAsync();
  return `1 MB of nulls published; a valid block after it stored in ${Number.isNaN(storedMs) ? 'over 10 s' : `${storedMs.toFixed(0)} ms`}`;
}

async function exportAndSignIns(streamId: number, access: string): Promise<string> {
  const url = `${BASE}/api/v1/datastreams/${streamId}/readings.csv?from=1970-01-01T00:00:00Z&to=9999-12-31T00:00:00Z`;
  const exporting = [0, 1].map(async () => {
    const response = await fetch(url, { headers: { authorization: `Bearer ${access}` } });
    const text = await response.text();
    return `${response.status}${response.status === 200 ? ` (${text.split('\n').length - 2} rows)` : ''}`;
  });
  const signIns = Array.from({ length: 8 }, () =>
    signIn(DEMO_OPERATOR.email, DEMO_OPERATOR.password).then((answer) => answer.status),
  );
  const exports = await Promise.all(exporting);
  const statuses = (await Promise.all(signIns)).sort();
  return `exports ${exports.join(', ')}; 8 sign-ins ${statuses.join(' ')}`;
}

async function main() {
  buildServer();
  const broker = hasMosquitto() ? await startPrivateBroker(BROKER_PORT) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-abuse-'));
  const server = await startServerProcess({
    PORT: String(PORT),
    ANALYSIS_WORKERS: 'off',
    DATA_DIR: dataDir,
    ...(broker ? { MQTT_URL: broker.url } : {}),
  });
  const pid = server.child.pid ?? 0;
  serverPid = pid;
  const rows: Row[] = [];
  try {
    const setup = await bridgeWithStreams(BASE, 'abuse', 2);
    const [feedStream = '', exportStream = ''] = setup.labels;
    // Data for the export: 300 blocks of 1,000 samples (300,000 rows).
    const start = Date.now() - 20 * DAY_MS;
    let preloaded = 0;
    for (let batch = 0; batch < 15; batch += 1) {
      // 20 blocks a request: a JSON body stays under its 1 MiB limit.
      const items = Array.from({ length: 20 }, (_, i) => ({
        stream_id: exportStream,
        start: new Date(start + (batch * 20 + i) * 10_000).toISOString(),
        rate_hz: 100,
        values: Array.from({ length: 1000 }, (_, k) => Math.sin(k / 7)),
      }));
      const loaded = await fetch(`${BASE}/api/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-token': setup.ingestToken },
        body: JSON.stringify(items),
      });
      const result = (await loaded.json()) as { accepted_samples?: number; rejected?: unknown[] };
      preloaded += result.accepted_samples ?? 0;
      if (result.rejected?.length) console.log('preload rejected', result.rejected.slice(0, 2));
    }
    setupPeakMb = peakRssMb(pid);
    console.log(`Preloaded ${preloaded} samples for the export.`);
    const feed = gateway(setup.ingestToken, feedStream, Date.now() - 10 * DAY_MS);
    rows.push(await phase('quiet', 5000, feed, async () => 'nothing'));
    for (const mb of [1, 4, 16]) {
      rows.push(
        await phase(`H2 NDJSON ${mb} MB`, 6000, feed, () => ndjsonAttack(setup.ingestToken, mb)),
      );
    }
    const exportId = setup.ids[1] ?? 0;
    const feedId = setup.ids[0] ?? 0;
    if (broker) {
      rows.push(
        await phase('H1 MQTT 1 MB nulls', 8000, feed, () =>
          mqttAttack(broker, setup.bridgeId, feedStream, feedId, setup.access),
        ),
      );
    }
    rows.push(
      await phase('F6 exports + sign-ins', 10_000, feed, () =>
        exportAndSignIns(exportId, setup.access),
      ),
    );
    await feed.stop();
  } finally {
    const peak = pid ? peakRssMb(pid) : NaN;
    await server.stop();
    await broker?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const ms = (value: number) => (Number.isNaN(value) ? '-' : value.toFixed(0));
    console.log(
      '\n| phase | health requests | health p99 ms | health max ms | gateway p99 ms | gateway max ms | gateway failures | attacker got | max RSS in phase MB | peak RSS since start MB |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.phase} | ${row.healthRequests} | ${ms(row.healthP99)} | ${ms(row.healthMax)} | ${ms(row.gatewayP99)} | ${ms(row.gatewayMax)} | ${row.gatewayFailures} | ${row.attacker} | ${row.phaseMaxMb.toFixed(0)} | ${row.peakMb.toFixed(0)} |`,
      );
    }
    console.log(
      `\nServer peak resident memory: ${setupPeakMb.toFixed(0)} MB after start and setup, ${peak.toFixed(0)} MB at the end`,
    );
    console.log(
      'Goals: health p99 < 100 ms, max < 1000 ms; valid samples stored within 2000 ms; memory < 500 MB.',
    );
  }
}

await main();
