import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_STAFF } from '../../server/seed/demo-accounts.ts';

const root = path.resolve(import.meta.dirname, '../..');

export interface BenchServer {
  baseUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The real server, compiled as production runs it (`scripts/run-server.mjs`), in a child process on loopback, as a gateway sees it.
 * `env` overrides the quiet defaults below (a benchmark that wants the demo's first start);
 * `nodeArgs` go to node itself (`--cpu-prof` is refused in NODE_OPTIONS). `checkout` runs
 * another clone's build instead (an earlier commit, for paired runs of two builds).
 */
export async function startServer(
  port: number,
  databaseUrl?: string,
  {
    env = {},
    nodeArgs = [],
    checkout = root,
  }: { env?: NodeJS.ProcessEnv; nodeArgs?: string[]; checkout?: string } = {},
): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spanwatch-bench-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Only what the benchmark sends: no demo history, live feed or background analysis load.
    DEMO_HISTORY_DAYS: '0',
    DEMO_LIVE_FEED: 'off',
    ANALYSIS_WORKERS: 'off',
    ...env,
  };
  // MQTT only when asked for (the fleet benchmark's ingest role).
  if (env.MQTT_URL === undefined) delete childEnv.MQTT_URL;
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  else delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, [...nodeArgs, 'scripts/run-server.mjs', 'main'], {
    cwd: checkout,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      // Every role prints it; only a process serving HTTP adds "at <url>".
      if (chunk.toString().includes('is running')) resolve();
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A bridge with `streams` accelerometer streams and an ingest token, made through the API. */
export async function bridgeWithStreams(baseUrl: string, prefix: string, streams: number) {
  const { access } = await call<{ access: string }>(baseUrl, '', 'POST', '/api/v1/auth/login', {
    email: DEMO_STAFF.email,
    password: DEMO_STAFF.password,
  });
  const bridge = await call<{ id: number }>(baseUrl, access, 'POST', '/api/v1/bridges/create', {
    name: `${prefix} bridge`,
    location: 'Bench',
    construction_date: '2000-01-01',
    latitude: 45,
    longitude: -75,
  });
  const span = await call<{ id: number }>(baseUrl, access, 'POST', '/api/v1/spans/create', {
    bridge: bridge.id,
    span_id: 'main',
    length: 50,
  });
  const labels: string[] = [];
  const ids: number[] = [];
  for (let i = 0; i < streams; i += 1) {
    const sensor = await call<{ id: number }>(baseUrl, access, 'POST', '/api/v1/sensors/create', {
      bridge: bridge.id,
      span: span.id,
      sensor_id: `${prefix}-acc-${i}`,
      type: 'accelerometer',
      status: 'active',
      installation_date: '2020-01-01',
    });
    const stream = await call<{ id: number }>(
      baseUrl,
      access,
      'POST',
      '/api/v1/datastreams/create',
      {
        stream_id: `${prefix}-acc-${i}`,
        data_type: 'acceleration',
        sensors: [sensor.id],
      },
    );
    labels.push(`${prefix}-acc-${i}`);
    ids.push(stream.id);
  }
  const { token } = await call<{ token: string }>(
    baseUrl,
    access,
    'POST',
    `/api/v1/bridges/${bridge.id}/ingest-tokens`,
    { name: 'bench gateway' },
  );
  return { access, bridgeId: bridge.id, labels, ids, ingestToken: token };
}
