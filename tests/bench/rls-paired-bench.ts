// npm run bench:rls — what row-level security costs the dashboard's requests (issue 33, decision
// 072), paired in one run: one process, one database with the demo seeded (no history: the
// readings answers are empty, so the transaction's fixed cost weighs the most it can), two apps
// on the same services, one with SPANWATCH_RLS on and one off. BENCH_ROUNDS times (60) the demo
// operator opens the dashboard of each of its bridges in both apps, in an order that alternates
// round by round; a round sends the dashboard's API requests six at a time, as a browser does.
// Reported: p50/p95 of each request and of a whole opening, per app, their ratios, the quartiles
// of the paired ratio (an opening with the wall over the same bridge's opening without it, run
// next to it), this process's CPU time per opening (less moved by other sessions' load), and the
// ratio between the two halves of the 'off' rounds (this machine's noise).
// PGlite by default; PostgreSQL with DATABASE_URL (a fresh database made from the tests' template).
import { loadavg } from 'node:os';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/seed/demo-seed.ts';
import { createServices } from '../../server/services.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { demoOperatorGet } from './demo-operator.ts';

/** How often the server's own work undid a company's settings (this build's pool only). */
async function settingsResets(): Promise<number | null> {
  try {
    const pools = (await import('../../server/db/tenant-pools.ts')) as unknown as {
      tenantSettingsResets?: () => number;
    };
    return pools.tenantSettingsResets?.() ?? null;
  } catch {
    return null;
  }
}

const ROUNDS = Math.max(4, Number(process.env.BENCH_ROUNDS ?? 60));
const PARALLEL = 6;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};

interface DashboardBridge {
  id: number;
  name: string;
  streams: number[];
}

/** The API requests the dashboard makes as it opens a bridge (src/api/queries). */
const dashboardRequests = (bridge: DashboardBridge) => [
  '/api/v1/bridges',
  '/api/v1/notifications/unread-count',
  `/api/v1/alerts?bridge=${bridge.id}`,
  `/api/v1/spans?bridge=${bridge.id}`,
  `/api/v1/sensors?bridge=${bridge.id}`,
  '/api/v1/datastreams',
  `/api/v1/ai/status?sid=${encodeURIComponent(bridge.name)}`,
  `/api/v1/ai/anomalies?sid=${encodeURIComponent(bridge.name)}`,
  `/api/v1/bridges/${bridge.id}/inspection-programme`,
  `/api/v1/bridges/${bridge.id}/modes`,
  `/api/v1/bridges/${bridge.id}/frequency-shift`,
  ...bridge.streams.map((id) => `/api/v1/datastreams/${id}/readings`),
];

async function main() {
  const kind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const testDb = await createTestDatabase(kind);
  const services = createServices(testConfig, testDb.database);
  await seedDemo(services.database.db, services.secretBox, services.passwords);
  // On PostgreSQL the app without the wall gets a database handle of its own: one process's
  // pool is shared by the server's own work and companies' reads (decision 072, amended
  // 2026-12-01), and the 'off' app's reads must not pay for undoing the 'on' app's settings.
  const offDatabase =
    kind === 'postgres' && testDb.url ? openDatabase({ databaseUrl: testDb.url }) : undefined;
  const offServices = offDatabase ? createServices(testConfig, offDatabase) : services;
  // BENCH_SAME=on or off: both apps with the wall on (or both off), the bench's own check: the
  // ratios should then be 1, and what they are is the two apps' difference other than the wall
  // (the 'on' app's services seeded the demo; the 'off' app has services and a pool of its own).
  const same = process.env.BENCH_SAME;
  if (same !== undefined && same !== 'on' && same !== 'off')
    throw new Error('BENCH_SAME: on or off');
  const apps = {
    on: await buildApp({
      config: { ...testConfig, rowLevelSecurity: same ? same === 'on' : true },
      services,
    }),
    off: await buildApp({
      config: { ...testConfig, rowLevelSecurity: same ? same === 'on' : false },
      services: offServices,
    }),
  };
  try {
    const operatorGet = await demoOperatorGet(services);
    const get = async (app: (typeof apps)['on'], url: string) => {
      const started = performance.now();
      const body = await operatorGet(app, url);
      return { url, ms: performance.now() - started, body };
    };
    const bridges = JSON.parse((await get(apps.off, '/api/v1/bridges')).body) as {
      id: number;
      name: string;
    }[];
    const streams = JSON.parse((await get(apps.off, '/api/v1/datastreams')).body) as {
      id: number;
      sensors?: number[];
    }[];
    const sensorsOf = async (bridgeId: number) =>
      (
        JSON.parse((await get(apps.off, `/api/v1/sensors?bridge=${bridgeId}`)).body) as {
          id: number;
        }[]
      ).map((s) => s.id);
    const dashboards: DashboardBridge[] = [];
    for (const bridge of bridges) {
      const sensorIds = new Set(await sensorsOf(bridge.id));
      const own = streams.filter((s) => (s.sensors ?? []).some((id) => sensorIds.has(id)));
      dashboards.push({ ...bridge, streams: own.slice(0, 4).map((s) => s.id) });
    }

    const times = { on: new Map<string, number[]>(), off: new Map<string, number[]>() };
    const openings = { on: [] as number[], off: [] as number[] };
    // This process's CPU time (all its threads) an opening took: the requests' own work in Node,
    // less moved by the other sessions' load than the wall-clock times are.
    const cpu = { on: [] as number[], off: [] as number[] };
    const offHalves: [number[], number[]] = [[], []];
    // Each opening with the wall over the same bridge's opening without it, next to it in time:
    // the other sessions' load changes within seconds, and a pair sees the same load.
    const pairedRatios: number[] = [];
    const open = async (mode: 'on' | 'off', bridge: DashboardBridge, round: number) => {
      const urls = dashboardRequests(bridge);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < urls.length; i += PARALLEL) {
        const answers = await Promise.all(
          urls.slice(i, i + PARALLEL).map((url) => get(apps[mode], url)),
        );
        for (const { url, ms } of answers) {
          const where = url
            .replace(/\/\d+(?=\/|$|\?)/g, '/{id}')
            .replace(/=\d+/g, '={id}')
            .replace(/sid=[^&]+/, 'sid={name}');
          const list = times[mode].get(where) ?? [];
          list.push(ms);
          times[mode].set(where, list);
        }
      }
      const ms = performance.now() - started;
      const cpuUsed = process.cpuUsage(cpuBefore);
      openings[mode].push(ms);
      cpu[mode].push((cpuUsed.user + cpuUsed.system) / 1000);
      if (mode === 'off') offHalves[round % 4 < 2 ? 0 : 1].push(ms);
    };
    // One unmeasured round warms both apps (JIT, caches, the database's buffers).
    for (const bridge of dashboards) {
      await open('on', bridge, -1);
      await open('off', bridge, -1);
    }
    times.on.clear();
    times.off.clear();
    openings.on.length = 0;
    openings.off.length = 0;
    cpu.on.length = 0;
    cpu.off.length = 0;
    offHalves[0].length = 0;
    offHalves[1].length = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const order: ('on' | 'off')[] = round % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const bridge of dashboards) {
        for (const mode of order) await open(mode, bridge, round);
        pairedRatios.push((openings.on.at(-1) ?? NaN) / (openings.off.at(-1) ?? NaN));
      }
    }
    const allOf = (mode: 'on' | 'off') => [...times[mode].values()].flat();
    const ratio = (a: number, b: number) => Number((a / b).toFixed(3));
    const summary = (mode: 'on' | 'off') => ({
      request_p50_ms: Number(quantile(allOf(mode), 0.5).toFixed(2)),
      request_p95_ms: Number(quantile(allOf(mode), 0.95).toFixed(2)),
      opening_p50_ms: Number(quantile(openings[mode], 0.5).toFixed(1)),
      opening_p95_ms: Number(quantile(openings[mode], 0.95).toFixed(1)),
    });
    const on = summary('on');
    const off = summary('off');
    const perRequest = Object.fromEntries(
      [...times.on.keys()].map((where) => [
        where,
        ratio(
          quantile(times.on.get(where) ?? [], 0.95),
          quantile(times.off.get(where) ?? [], 0.95),
        ),
      ]),
    );
    console.log(
      JSON.stringify(
        {
          database: kind,
          ...(same ? { both_apps_wall: same } : {}),
          rounds: ROUNDS,
          bridges: dashboards.map((b) => b.name),
          requests_per_opening: dashboardRequests(dashboards[0] ?? { id: 0, name: '', streams: [] })
            .length,
          rls_on: on,
          rls_off: off,
          ratio_on_over_off: {
            request_p95: ratio(on.request_p95_ms, off.request_p95_ms),
            opening_p95: ratio(on.opening_p95_ms, off.opening_p95_ms),
            opening_p50: ratio(on.opening_p50_ms, off.opening_p50_ms),
          },
          paired_opening_ratio: {
            p25: ratio(quantile(pairedRatios, 0.25), 1),
            median: ratio(quantile(pairedRatios, 0.5), 1),
            p75: ratio(quantile(pairedRatios, 0.75), 1),
          },
          node_cpu_ms_per_opening: {
            on_p50: Number(quantile(cpu.on, 0.5).toFixed(2)),
            off_p50: Number(quantile(cpu.off, 0.5).toFixed(2)),
            ratio_p50: ratio(quantile(cpu.on, 0.5), quantile(cpu.off, 0.5)),
          },
          noise_off_half_over_off_half_opening_p95: ratio(
            quantile(offHalves[0], 0.95),
            quantile(offHalves[1], 0.95),
          ),
          request_p95_ratio_by_request: perRequest,
          load_average_1m: Number(loadavg()[0]?.toFixed(2)),
          settings_undone_for_the_servers_work: await settingsResets(),
        },
        null,
        2,
      ),
    );
  } finally {
    await apps.on.close();
    await apps.off.close();
    await offDatabase?.close();
    await testDb.drop();
  }
}

await main();
