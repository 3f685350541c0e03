/**
 * Decision 030 amendment (e): own-history drift (no temperature model, no twin) by a
 * Page–Hinkley test on the day-profile residual, candidates λ = 18 / 21 / 24 µε at k = 1 µε/h.
 *
 * Tuning: healthy simulated years and 2 µε/h drifts of seeds 181-185. Reporting, once, with the
 * λ the tuning chose (`-- --reporting`): seeds 191-200, beside the rule of decision 030 in force.
 * `npx tsx tests/bench/sensor-own-drift-bench.ts [--reporting]`; not part of `npm test`.
 */

import { driftFaults } from '../../server/analytics/sensor-validation/drift.ts';
import { ownDriftFaults } from './own-drift-candidate.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import { DRIFT_OWN_HISTORY } from '../../server/analytics/sensor-validation/thresholds.ts';
import type {
  ValidationFault,
  WindowSummary,
} from '../../server/analytics/sensor-validation/types.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const TUNING_SEEDS = [181, 182, 183, 184, 185];
const REPORTING_SEEDS = [191, 192, 193, 194, 195, 196, 197, 198, 199, 200];
const LAMBDAS = [18, 21, 24];
const DAY_WINDOWS = Math.round(86_400_000 / SIM_WINDOW_MS);

type Rule = (windows: readonly WindowSummary[]) => ValidationFault[];
const pageHinkley =
  (lambda: number): Rule =>
  (windows) =>
    ownDriftFaults(windows, { lambda, kPerHour: 1, profileDays: 7 });
const inForce: Rule = (windows) =>
  driftFaults(windows, { ...DRIFT_OWN_HISTORY, ownHistory: DRIFT_OWN_HISTORY });

const log = (line = '') => process.stdout.write(`${line}\n`);

const healthy = (seeds: readonly number[], rule: Rule) =>
  seeds.reduce((sum, seed) => sum + rule(simulateStream({ seed, days: 365 }).windows).length, 0);

function trials(seeds: readonly number[], rule: Rule) {
  const delays: number[] = [];
  let early = 0;
  for (const seed of seeds) {
    const s = simulateStream({ seed, days: 30 });
    const onset = 14 * DAY_WINDOWS + ((seed * 37) % DAY_WINDOWS);
    const found = rule(injectSimFault(s.windows, 'drift', onset, 2));
    early += found.filter((f) => f.detectedWindow < onset).length;
    const hit = found.find((f) => f.detectedWindow >= onset);
    if (hit) delays.push(((hit.detectedWindow + 1 - onset) * SIM_WINDOW_MS) / 3_600_000);
  }
  const sorted = delays.sort((a, b) => a - b);
  return { found: delays.length, median: median(sorted), max: sorted.at(-1) ?? Number.NaN, early };
}

const row = (name: string, seeds: readonly number[], rule: Rule) => {
  const faults = healthy(seeds, rule);
  const t = trials(seeds, rule);
  log(
    `| ${name} | ${faults} in ${seeds.length} | ${(faults / seeds.length).toFixed(2)} | ${t.found}/${seeds.length} | ` +
      `${t.median.toFixed(1)} h | ${t.max.toFixed(1)} h | ${t.early} |`,
  );
  return { faults, ...t };
};
const header = () => {
  log(
    '| rule | false faults (sensor-years) | per sensor-year | found | median delay | max delay | before onset |',
  );
  log('|---|---|---|---|---|---|---|');
};

const started = Date.now();
log('## Tuning, seeds 181-185 (healthy years and 2 µε/h drifts from day 14)');
header();
const tuned = LAMBDAS.map((lambda) => ({
  lambda,
  ...row(`Page–Hinkley λ ${lambda} µε`, TUNING_SEEDS, pageHinkley(lambda)),
}));
row('in force: week of 6-hour medians, 0.75 µε/h', TUNING_SEEDS, inForce);
const chosen = tuned.find((t) => t.faults === 0);
log();
if (!chosen) log('No candidate has 0 false faults on the tuning years: nothing chosen.');
else {
  const meets =
    chosen.found === TUNING_SEEDS.length &&
    chosen.median <= 24 &&
    chosen.max <= 36 &&
    chosen.early === 0;
  log(
    `Chosen: λ ${chosen.lambda} µε; adoption criterion (5/5, median ≤ 24 h, max ≤ 36 h, none early) ${meets ? 'met' : 'NOT met'}.`,
  );
}
if (process.argv.includes('--reporting')) {
  // With nothing chosen, the candidate with the fewest tuning false faults is shown on the
  // unseen seeds to measure the gap; nothing is chosen from it (decision 030 (e), figures).
  const shown = chosen ?? [...tuned].sort((a, b) => a.faults - b.faults)[0];
  log();
  log('## Reporting, seeds 191-200, run once');
  header();
  if (shown) row(`Page–Hinkley λ ${shown.lambda} µε`, REPORTING_SEEDS, pageHinkley(shown.lambda));
  row('in force: week of 6-hour medians, 0.75 µε/h', REPORTING_SEEDS, inForce);
}
log();
log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
