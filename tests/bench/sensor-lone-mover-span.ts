/**
 * How late a first evaluation can still name a lone mover, reading 7 days (as in service) or 14
 * (decision 048, amendment 2026-12-02 (d); the plan was committed before this ran). Tuning seeds
 * 1-5 only: the groups and injections of sensor-lone-mover-bench.ts, a first evaluation L days
 * after the onset, the service's rule for what is acted on (named in the last day, or still in
 * force at the span's end). `npx tsx tests/bench/sensor-lone-mover-span.ts`; not part of `npm test`.
 */

import { loneMovers, type LoneMoverOptions } from '../../server/analysis/lone-mover-check.ts';
import { LONE_MOVER_RULE } from '../../server/analysis/lone-mover-group.ts';
import { simulateTwinMeans } from './sensor-twin-sim.ts';
import { SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const DAY = Math.round(86_400_000 / SIM_WINDOW_MS);
const HOUR = 3_600_000 / SIM_WINDOW_MS;
const TUNING_SEEDS = [1, 2, 3, 4, 5];
const TWIN_ALPHAS = [10.5, 9.7, 10.2];
const LAGS_DAYS = [0.5, 1, 2, 3, 4, 5, 6, 8, 10];
const SPANS_DAYS = [7, 14];
const log = (line = '') => process.stdout.write(`${line}\n`);

type Injection = 'offset' | 'drift';

const groupSize = (seed: number) => (seed % 2 === 1 ? 3 : 4);

/** As sensor-lone-mover-bench.ts: decision 030's gauge and its twins, 40 days. */
function simulateGroup(seed: number, days: number): number[][] {
  const base = simulateStream({ seed, days });
  const twins = TWIN_ALPHAS.slice(0, groupSize(seed) - 1).map((alpha, k) =>
    simulateTwinMeans(base, seed * 100 + k + 1, { alpha }),
  );
  return [base.windows.map((w) => w.mean), ...twins];
}

function inject(means: readonly number[], kind: Injection, onset: number): number[] {
  return means.map((m, i) => {
    if (i < onset) return m;
    return kind === 'drift' ? m + 2 * ((i - onset) / HOUR + 0.5 / HOUR) : m + 5;
  });
}

const OPTIONS: LoneMoverOptions = {
  ...LONE_MOVER_RULE,
  windowsPerDay: DAY,
  runWindows: HOUR,
  minReferenceWindows: 2 * DAY,
  windowHours: 1 / HOUR,
};

/** The gauges acted on by a first evaluation whose span of `spanDays` ends at window `end`. */
function actedOn(gauges: readonly number[][], end: number, spanDays: number): number[] {
  const span = gauges.map((g) => g.slice(end - spanDays * DAY, end));
  const lastDay = spanDays * DAY - DAY;
  const named = new Set<number>();
  for (const n of loneMovers(span, OPTIONS)) {
    if (n.namedWindow < lastDay && n.endWindow !== null) continue;
    named.add(n.gauge);
  }
  return [...named];
}

log('# Lone mover: a first evaluation L days after the onset (tuning seeds 1-5)');
log();
log(
  `| injection | L (days) | ${SPANS_DAYS.map((s) => `${s}-day read: right alone`).join(' | ')} |`,
);
log(`|---|---|${SPANS_DAYS.map(() => '---').join('|')}|`);
const started = Date.now();
const groups = TUNING_SEEDS.map((seed) => simulateGroup(seed, 40));
for (const kind of ['offset', 'drift'] as const) {
  for (const lag of LAGS_DAYS) {
    const cells = SPANS_DAYS.map((spanDays) => {
      let right = 0;
      groups.forEach((base, i) => {
        const seed = TUNING_SEEDS[i] ?? 0;
        const faulty = seed % base.length;
        const onset = 14 * DAY + ((seed * 37) % DAY);
        const gauges = base.map((g, k) => (k === faulty ? inject(g, kind, onset) : g));
        const acted = actedOn(gauges, onset + Math.round(lag * DAY), spanDays);
        if (acted.length === 1 && acted[0] === faulty) right += 1;
      });
      return `${right}/${groups.length}`;
    });
    log(`| ${kind} | ${lag} | ${cells.join(' | ')} |`);
  }
}
log();
log(`(${((Date.now() - started) / 1000).toFixed(0)} s; ${new Date().toISOString()})`);
