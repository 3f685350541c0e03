// npx tsx tests/bench/cpu-profile-summary.ts FILE.cpuprofile... — where a thread's CPU went, from
// V8 profiles written by `node --cpu-prof`: self time grouped by origin (PGlite, TensorFlow.js,
// the analytics, the analysis jobs, the rest) and the longest stretches the thread was busy
// without a break, which is what an HTTP request waiting on that thread feels.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const ORIGINS: [string, RegExp][] = [
  ['PGlite (WebAssembly and its protocol)', /@electric-sql\/pglite/],
  ['server/analytics (features, detectors)', /server\/analytics\//],
  ['server/analysis (jobs, reads, reports)', /server\/analysis\//],
  ['drizzle-orm', /drizzle-orm/],
  ['fastify and HTTP', /fastify|node:http|_http/],
  ['server/demo and sim (live feed)', /server\/(demo|sim)\//],
];
/** How many functions to list by self time (CPU_PROFILE_TOP, default 6). */
const TOP_FUNCTIONS = Number(process.env.CPU_PROFILE_TOP ?? 6);
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

function originOf(node: ProfileNode): string {
  if (IDLE.has(node.callFrame.functionName)) return node.callFrame.functionName;
  return ORIGINS.find(([, pattern]) => pattern.test(node.callFrame.url))?.[0] ?? 'other';
}

function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const busyStretches: number[] = [];
  let stretch = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const origin = originOf(node);
    totals.set(origin, (totals.get(origin) ?? 0) + ms);
    if (!IDLE.has(node.callFrame.functionName)) {
      const where = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(node_modules|server)\//, '$1/')}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + ms);
    }
    if (node.callFrame.functionName === '(idle)') {
      if (stretch > 0) busyStretches.push(stretch);
      stretch = 0;
    } else stretch += ms;
  });
  if (stretch > 0) busyStretches.push(stretch);
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${file}: ${(total / 1000).toFixed(1)} s sampled`);
  for (const [origin, ms] of [...totals].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${origin.padEnd(42)} ${(ms / 1000).toFixed(1).padStart(7)} s`);
  }
  for (const [where, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP_FUNCTIONS)) {
    console.log(`    ${(ms / 1000).toFixed(1).padStart(6)} s  ${where}`);
  }
  const longest = busyStretches.sort((a, b) => b - a).slice(0, 5);
  console.log(`  longest busy stretches: ${longest.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
}

for (const file of process.argv.slice(2)) summarise(file);
