// npm run bench:responsiveness — does the app keep answering while the first start analyses the
// demo bridges (issue 14)? Starts `server/main.ts` on a fresh data dir with the demo (30 days of
// history, live feed, analysis on), polls a prerendered public page and GET /api/v1/health every
// 250 ms for 150 s from the first moment it listens, then does the same with ANALYSIS_WORKERS=off
// and prints both with their ratios. Goal: every request within 1 s, p99 under 100 ms.
// Knobs: BENCH_SECONDS (default 150), BENCH_EVERY_MS (250), BENCH_ONLY=analysis|off,
// BENCH_CPU_PROF=<dir> (the server writes V8 CPU profiles there, per thread, on exit).
import { DEMO_OPERATOR } from '../../server/seed/demo-accounts.ts';
import { startServer } from './bench-server.ts';
import { type LatencySummary, pollTargets, summarise } from './latency-poller.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 150);
const everyMs = Number(process.env.BENCH_EVERY_MS ?? 250);
const only = process.env.BENCH_ONLY;
const GOAL_MAX_MS = 1000;
const GOAL_P99_MS = 100;

interface BridgeProgress {
  name: string;
  /** Seconds after listening when the status first showed an evaluation. */
  evaluatedAfter: number | null;
  states: Set<string>;
}

/** Follows each of the operator's bridges through GET /ai/status every two seconds. */
function trackAnalysis(baseUrl: string, startedAt: number) {
  const bridges: BridgeProgress[] = [];
  let stopped = false;
  const loop = (async () => {
    const login = await fetch(`${baseUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password }),
    });
    const { access } = (await login.json()) as { access: string };
    const headers = { authorization: `Bearer ${access}` };
    const list = (await (await fetch(`${baseUrl}/api/v1/bridges`, { headers })).json()) as {
      name: string;
    }[];
    for (const { name } of list)
      bridges.push({ name, evaluatedAfter: null, states: new Set<string>() });
    while (!stopped) {
      for (const bridge of bridges) {
        const url = `${baseUrl}/api/v1/ai/status?sid=${encodeURIComponent(bridge.name)}`;
        const status = (await (await fetch(url, { headers })).json()) as {
          state: string;
          evaluated_at: string | null;
        };
        bridge.states.add(status.state);
        if (status.evaluated_at && bridge.evaluatedAfter === null)
          bridge.evaluatedAfter = (performance.now() - startedAt) / 1000;
      }
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop.catch((error: unknown) => console.warn(`status tracking failed: ${error}`));
      return bridges;
    },
  };
}

async function run(label: string, port: number, analysisWorkers: 'on' | 'off') {
  const env: NodeJS.ProcessEnv = {
    DEMO_HISTORY_DAYS: process.env.DEMO_HISTORY_DAYS ?? '30',
    DEMO_LIVE_FEED: 'on',
    ANALYSIS_WORKERS: analysisWorkers,
  };
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/${label}`] : [];
  const bootStarted = performance.now();
  const server = await startServer(port, undefined, { env, nodeArgs });
  const listening = performance.now();
  console.log(
    `\n${label}: listening after ${((listening - bootStarted) / 1000).toFixed(1)} s (demo seed and history); polling for ${seconds} s`,
  );
  const tracker = trackAnalysis(server.baseUrl, listening);
  const series = await pollTargets(
    [
      { label: 'GET / (prerendered)', url: `${server.baseUrl}/` },
      { label: 'GET /api/v1/health', url: `${server.baseUrl}/api/v1/health` },
    ],
    { everyMs, durationMs: seconds * 1000 },
  );
  const bridges = await tracker.stop();
  await server.stop();
  for (const bridge of bridges) {
    const when =
      bridge.evaluatedAfter === null
        ? `not evaluated within ${seconds} s`
        : `evaluated ${bridge.evaluatedAfter.toFixed(0)} s after listening`;
    console.log(`  ${bridge.name}: ${when} (states seen: ${[...bridge.states].join(', ')})`);
  }
  return series.map(summarise);
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function printTable(rows: { run: string; summary: LatencySummary }[]) {
  console.log('\n| run | request | count | p50 | p99 | max | over 1 s | longest gap | failed |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { run: label, summary: s } of rows) {
    console.log(
      `| ${label} | ${s.label} | ${s.requests} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} | ${s.overOneSecond} | ${ms(s.longestGap)} | ${s.failures} |`,
    );
  }
}

const rows: { run: string; summary: LatencySummary }[] = [];
const analysed = only === 'off' ? [] : await run('analysis on', 8115, 'on');
const quiet = only === 'analysis' ? [] : await run('analysis off', 8116, 'off');
for (const summary of analysed) rows.push({ run: 'analysis on', summary });
for (const summary of quiet) rows.push({ run: 'analysis off', summary });
printTable(rows);

if (analysed.length > 0 && quiet.length > 0) {
  console.log('\n| request | p50 on/off | p99 on/off | max on/off |');
  console.log('|---|---|---|---|');
  analysed.forEach((on, i) => {
    const off = quiet[i];
    if (!off) return;
    const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
    console.log(
      `| ${on.label} | ${ratio(on.p50, off.p50)} | ${ratio(on.p99, off.p99)} | ${ratio(on.max, off.max)} |`,
    );
  });
}
for (const s of analysed) {
  const met = s.max <= GOAL_MAX_MS && s.p99 < GOAL_P99_MS && s.failures === 0;
  console.log(
    `goal (every request within 1 s, p99 under 100 ms) for ${s.label} during analysis: ${met ? 'met' : 'NOT met'}`,
  );
}
