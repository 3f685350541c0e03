/**
 * Decision 030 (2026-12-01), "a drift threshold scaled to the pair": the plan is committed before
 * this ran. Tuning: seeds 1-5 with three twins; reporting once: healthy 121-130, drifts 221-230.
 * `npx tsx tests/bench/sensor-twin-scaled-drift.ts`; not part of `npm test`.
 */

import { scaledDriftFaults } from '../../server/analytics/sensor-validation/residual-drift.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import { twinEstimate } from '../../server/analytics/sensor-validation/twin-residual.ts';
import type { WindowSummary } from '../../server/analytics/sensor-validation/types.ts';
import { simulateTwinMeans } from './sensor-twin-sim.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const TUNING = [1, 2, 3, 4, 5];
const HEALTHY = [121, 122, 123, 124, 125, 126, 127, 128, 129, 130];
const TRIALS = [221, 222, 223, 224, 225, 226, 227, 228, 229, 230];
const LOCALS = [0.5, 1, 2];
const ZS = [4, 5, 6, 8, 10];
const DAY = 144;
const log = (line = '') => process.stdout.write(`${line}\n`);

interface Pair {
  windows: WindowSummary[];
  prediction: number[];
  onset: number;
}

function pair(seed: number, days: number, local: number, drift: boolean): Pair {
  const s = simulateStream({ seed, days });
  const twin = simulateTwinMeans(s, seed, { localSigma: local });
  const onset = drift ? 14 * DAY + ((seed * 37) % DAY) : Infinity;
  const windows = drift ? injectSimFault(s.windows, 'drift', onset, 2) : s.windows;
  const { prediction } = twinEstimate(
    windows.map((w) => w.mean),
    [twin],
    DAY,
  );
  return { windows, prediction, onset };
}

const faults = (p: Pair, z: number) =>
  scaledDriftFaults(p.windows, p.prediction, { horizonHours: 6, minSlopePerHour: 0.75, z });

function judge(healthy: readonly Pair[], trials: readonly Pair[], z: number) {
  const falseFaults = healthy.reduce((sum, p) => sum + faults(p, z).length, 0);
  let early = 0;
  const delays: number[] = [];
  for (const t of trials) {
    const found = faults(t, z);
    early += found.filter((f) => f.detectedWindow < t.onset).length;
    const hit = found.find((f) => f.detectedWindow >= t.onset);
    if (hit) delays.push(((hit.detectedWindow + 1 - t.onset) * SIM_WINDOW_MS) / 3_600_000);
  }
  delays.sort((a, b) => a - b);
  return { falseFaults, early, found: delays.length, delays };
}

const started = Date.now();
log('## Tuning: seeds 1-5 (5 healthy years per twin), drifts with the 0.5 µε twin');
const tuneHealthy = new Map(LOCALS.map((l) => [l, TUNING.map((s) => pair(s, 365, l, false))]));
const tuneTrials = TUNING.map((s) => pair(s, 30, 0.5, true));
log('| Z | false faults, local 0.5 / 1 / 2 µε | found | median (h) | max (h) | before onset |');
log('|---|---|---|---|---|---|');
const rows = ZS.map((z) => {
  const perLocal = LOCALS.map((l) => judge(tuneHealthy.get(l) ?? [], [], z).falseFaults);
  const t = judge([], tuneTrials, z);
  log(
    `| ${z} | ${perLocal.join(' / ')} | ${t.found}/5 | ${t.found ? median(t.delays).toFixed(2) : '–'} | ${t.delays.at(-1)?.toFixed(2) ?? '–'} | ${t.early} |`,
  );
  return { z, ok: perLocal.every((n) => n === 0) && t.found === 5 && t.early === 0 };
});
const chosen = rows.find((r) => r.ok)?.z;
log(`Chosen: ${chosen === undefined ? 'none meets the plan' : `Z = ${chosen}`}`);
if (chosen !== undefined && !process.argv.includes('--tuning-only')) {
  log();
  log('## Reporting, once: healthy 121-130, drift 2 µε/h on 221-230');
  log(
    '| twin local difference | false faults in 10 sensor-years | found | median (h) | max (h) | before onset |',
  );
  log('|---|---|---|---|---|---|');
  for (const l of LOCALS) {
    const r = judge(
      HEALTHY.map((s) => pair(s, 365, l, false)),
      TRIALS.map((s) => pair(s, 30, l, true)),
      chosen,
    );
    log(
      `| ${l} µε | ${r.falseFaults} | ${r.found}/10 | ${r.found ? median(r.delays).toFixed(2) : '–'} | ${r.delays.at(-1)?.toFixed(2) ?? '–'} | ${r.early} |`,
    );
  }
}
log();
log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
