/**
 * Decision 030's unmet drift goal (issue 30): without a temperature model or a twin, a drift of
 * 2 µε/h took about 3 days. Candidate: judge the mean against the same stream one day earlier
 * (the window 24 h before as the reference). The daily thermal swing and the traffic's daily
 * shape then cancel; what is left is the day-to-day weather and a drift (its 24 h slope is the
 * drift rate during the first day after onset, and 0 once the earlier day drifts too).
 *
 * Tuning: healthy simulated years, seeds 1-5 (the thresholds' own seeds in decision 030).
 * Reporting, with the threshold chosen below: healthy years 101-110 and injections 201-210.
 * `npx tsx tests/bench/sensor-drift-day-bench.ts`; not part of `npm test`.
 */

import { driftFaults } from '../../server/analytics/sensor-validation/drift.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import type { WindowSummary } from '../../server/analytics/sensor-validation/types.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const TUNING_SEEDS = [1, 2, 3, 4, 5];
const REPORTING_HEALTHY_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110];
const REPORTING_TRIAL_SEEDS = [201, 202, 203, 204, 205, 206, 207, 208, 209, 210];
const DAY_WINDOWS = Math.round(86_400_000 / SIM_WINDOW_MS);
/** Candidates: the day-before reference with hourly blocks, and the own-history rule of decision
 * 030 (6-hour blocks, no reference) over horizons shorter than its week. */
interface Candidate {
  family: 'day before' | 'own history';
  horizon: number;
  slope: number;
}
const CANDIDATES: Candidate[] = [
  ...[24, 12].flatMap((horizon) =>
    [1, 1.25, 1.5, 2].map((slope) => ({ family: 'day before' as const, horizon, slope })),
  ),
  ...[48, 72, 96].flatMap((horizon) =>
    [0.75, 1, 1.25, 1.5].map((slope) => ({ family: 'own history' as const, horizon, slope })),
  ),
];

const log = (line = '') => process.stdout.write(`${line}\n`);

/** Each window's mean one day earlier (NaN for the first day): the reference of the rule. */
const dayBefore = (windows: readonly WindowSummary[]) =>
  windows.map((_, i) => windows[i - DAY_WINDOWS]?.mean ?? Number.NaN);

function faultsOf(windows: readonly WindowSummary[], c: Candidate) {
  if (c.family === 'day before') {
    const rule = { minSlopePerHour: c.slope, horizonHours: c.horizon, blockHours: 1 };
    return driftFaults(windows, rule, { mean: dayBefore(windows) });
  }
  const rule = { minSlopePerHour: c.slope, horizonHours: c.horizon, blockHours: 6 };
  return driftFaults(windows, { ...rule, ownHistory: rule });
}

const healthy = (seeds: readonly number[], c: Candidate) =>
  seeds.reduce(
    (sum, seed) => sum + faultsOf(simulateStream({ seed, days: 365 }).windows, c).length,
    0,
  );

function trials(c: Candidate) {
  const delays: number[] = [];
  let early = 0;
  for (const seed of REPORTING_TRIAL_SEEDS) {
    const s = simulateStream({ seed, days: 30 });
    const onset = 14 * DAY_WINDOWS + ((seed * 37) % DAY_WINDOWS);
    const windows = injectSimFault(s.windows, 'drift', onset, 2);
    const found = faultsOf(windows, c);
    early += found.filter((f) => f.detectedWindow < onset).length;
    const hit = found.find((f) => f.detectedWindow >= onset);
    if (hit) delays.push(((hit.detectedWindow + 1 - onset) * SIM_WINDOW_MS) / 3_600_000);
  }
  const sorted = delays.sort((a, b) => a - b);
  return { found: delays.length, median: median(sorted), max: sorted.at(-1) ?? Number.NaN, early };
}

const started = Date.now();
log('## Tuning: false drift faults on healthy simulated years, seeds 1-5 (5 sensor-years)');
log('| rule | horizon (h) | slope (µε/h) | false faults | per sensor-year |');
log('|---|---|---|---|---|');
const tuned: (Candidate & { faults: number })[] = [];
for (const c of CANDIDATES) {
  const faults = healthy(TUNING_SEEDS, c);
  tuned.push({ ...c, faults });
  log(
    `| ${c.family} | ${c.horizon} | ${c.slope} | ${faults} | ${(faults / TUNING_SEEDS.length).toFixed(2)} |`,
  );
}
// The rule: the shortest horizon, then the smallest slope, with under 1 false fault per
// sensor-year on the tuning years (at most half the budget, 0.5, to leave room for the other
// detectors' own false faults).
const chosen = [...tuned]
  .filter((c) => c.faults / TUNING_SEEDS.length <= 0.5)
  .sort((a, b) => a.horizon - b.horizon || a.slope - b.slope)[0];
log();
if (!chosen) {
  log('No candidate stays under 0.5 false faults per sensor-year on the tuning years.');
} else {
  log(
    `Chosen on the tuning seeds: ${chosen.family}, horizon ${chosen.horizon} h, slope ${chosen.slope} µε/h.`,
  );
  log();
  log('## Reporting (chosen rule, run once)');
  const falseFaults = healthy(REPORTING_HEALTHY_SEEDS, chosen);
  log(
    `Healthy years 101-110 (${REPORTING_HEALTHY_SEEDS.length} sensor-years): ${falseFaults} false faults, ` +
      `${(falseFaults / REPORTING_HEALTHY_SEEDS.length).toFixed(2)} per sensor-year`,
  );
  const t = trials(chosen);
  log(
    `Drift 2 µε/h from day 14, seeds 201-210: found ${t.found}/10, delay median ${t.median.toFixed(1)} h, ` +
      `max ${t.max.toFixed(1)} h (goal 24 h); faults before the onset ${t.early}`,
  );
}
log();
log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
