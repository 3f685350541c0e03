/**
 * Decision 030's three unmet goals against a twin (the plan: decision 030, "2026-12-01: twin
 * residual and declared range, plan written before running", committed before this ran).
 * Drift and offset steps on the residual of a gauge against its estimate from a co-located twin
 * (twin-residual.ts, residual-step.ts); clipping at a declared range edge (C1) or as a plateau of
 * equal samples at the window's extreme (C2, raw samples).
 * Tuning: simulated seeds 1-5 (healthy years and injections) and, for C2, the healthy Munich
 * records. Reporting, run once: healthy years 111-120, injections 211-220, Munich.
 * `npx tsx tests/bench/sensor-twin-bench.ts`; not part of `npm test`.
 */

import { driftFaults } from '../../server/analytics/sensor-validation/drift.ts';
import { residualStepFaults } from '../../server/analytics/sensor-validation/residual-step.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import {
  twinEstimate,
  type TwinEstimate,
} from '../../server/analytics/sensor-validation/twin-residual.ts';
import type {
  ValidationFault,
  WindowSummary,
} from '../../server/analytics/sensor-validation/types.ts';
import { summariseWindows } from '../../server/analytics/sensor-validation/window-summary.ts';
import {
  MUNICH_CHANNELS,
  MUNICH_RATE_HZ,
  munichAvailable,
  readMunichChannel,
} from './munich-records.ts';
import { modelledTemperature, simulateTwinMeans } from './sensor-twin-sim.ts';
import { injectSimFault, SIM_WINDOW_MS, simulateStream } from './sensor-window-sim.ts';

const TUNING_SEEDS = [1, 2, 3, 4, 5];
const HEALTHY_REPORTING = [111, 112, 113, 114, 115, 116, 117, 118, 119, 120];
const TRIAL_REPORTING = [211, 212, 213, 214, 215, 216, 217, 218, 219, 220];
const DAY = Math.round(86_400_000 / SIM_WINDOW_MS);
const MUNICH_WINDOW = 1000;
const log = (line = '') => process.stdout.write(`${line}\n`);

type Variant = 'twin' | 'twin + thermometer';
const VARIANTS: Variant[] = ['twin', 'twin + thermometer'];
interface DriftCandidate {
  horizon: number;
  slope: number;
}
const DRIFT_CANDIDATES: DriftCandidate[] = [6, 12, 24].flatMap((horizon) =>
  [0.5, 0.75, 1, 1.5].map((slope) => ({ horizon, slope })),
);
const OFFSET_CANDIDATES = [5, 6, 8, 10, 12];
const PLATEAU_CANDIDATES = [5, 10, 20, 50];

interface Case {
  windows: WindowSummary[];
  estimate: Record<Variant, TwinEstimate>;
  onset: number;
}

function estimates(
  windows: readonly WindowSummary[],
  twin: number[],
  temp: number[],
): Record<Variant, TwinEstimate> {
  const means = windows.map((w) => w.mean);
  return {
    twin: twinEstimate(means, [twin], DAY),
    'twin + thermometer': twinEstimate(means, [twin, temp], DAY),
  };
}

function healthyYear(seed: number): Case {
  const s = simulateStream({ seed, days: 365 });
  const twin = simulateTwinMeans(s, seed);
  return {
    windows: s.windows,
    estimate: estimates(s.windows, twin, modelledTemperature(s)),
    onset: Infinity,
  };
}

function trial(seed: number, kind: 'drift' | 'offset', size: number): Case {
  const s = simulateStream({ seed, days: 30 });
  const twin = simulateTwinMeans(s, seed);
  const onset = 14 * DAY + ((seed * 37) % DAY);
  const windows = injectSimFault(s.windows, kind, onset, size);
  return { windows, estimate: estimates(windows, twin, modelledTemperature(s)), onset };
}

const driftOf = (c: Case, v: Variant, d: DriftCandidate) =>
  driftFaults(
    c.windows,
    { minSlopePerHour: d.slope, horizonHours: d.horizon, blockHours: 1 },
    { mean: c.estimate[v].prediction },
  );
const offsetOf = (c: Case, v: Variant, k: number) =>
  residualStepFaults(c.windows, c.estimate[v], { sigmas: k });

interface Outcome {
  falseFaults: number;
  found: number;
  delays: number[];
  early: number;
}

function outcome(
  healthy: readonly Case[],
  trials: readonly Case[],
  faults: (c: Case) => ValidationFault[],
): Outcome {
  const falseFaults = healthy.reduce((sum, c) => sum + faults(c).length, 0);
  const delays: number[] = [];
  let early = 0;
  for (const t of trials) {
    const found = faults(t);
    early += found.filter((f) => f.detectedWindow < t.onset).length;
    const hit = found.find((f) => f.detectedWindow >= t.onset);
    if (hit) delays.push(((hit.detectedWindow + 1 - t.onset) * SIM_WINDOW_MS) / 3_600_000);
  }
  return { falseFaults, found: delays.length, delays: delays.sort((a, b) => a - b), early };
}

const text = (o: Outcome, n: number) =>
  `${o.found}/${n} | ${o.found ? median(o.delays).toFixed(2) : '–'} | ${o.found ? o.delays.at(-1)?.toFixed(2) : '–'} | ${o.early}`;

/** The plan's rule: 0 false faults, all tuning injections found, smallest max delay, then strictest. */
function choose<T>(rows: { candidate: T; o: Outcome; strictness: number }[], n: number) {
  return rows
    .filter((r) => r.o.falseFaults === 0 && r.o.found === n && r.o.early === 0)
    .sort(
      (a, b) =>
        (a.o.delays.at(-1) ?? Infinity) - (b.o.delays.at(-1) ?? Infinity) ||
        b.strictness - a.strictness,
    )[0]?.candidate;
}

const started = Date.now();
log('# Twin residual, declared range and plateau (decision 030, 2026-12-01)');
log();
log('## Tuning: seeds 1-5 (5 healthy sensor-years with twins; injections from day 14)');
const tuneHealthy = TUNING_SEEDS.map(healthyYear);
const tuneDrift = TUNING_SEEDS.map((s) => trial(s, 'drift', 2));
const tuneOffset = TUNING_SEEDS.map((s) => trial(s, 'offset', 5));
const chosenDrift = new Map<Variant, DriftCandidate>();
const chosenOffset = new Map<Variant, number>();
for (const v of VARIANTS) {
  log();
  log(`### ${v}: drift 2 µε/h`);
  log(
    '| horizon (h) | slope (µε/h) | false faults (5 y) | found | median delay (h) | max (h) | before onset |',
  );
  log('|---|---|---|---|---|---|---|');
  const rows = DRIFT_CANDIDATES.map((d) => {
    const o = outcome(tuneHealthy, tuneDrift, (c) => driftOf(c, v, d));
    log(`| ${d.horizon} | ${d.slope} | ${o.falseFaults} | ${text(o, TUNING_SEEDS.length)} |`);
    return { candidate: d, o, strictness: d.slope };
  });
  const d = choose(rows, TUNING_SEEDS.length);
  if (d) chosenDrift.set(v, d);
  log(`Chosen: ${d ? `${d.horizon} h, ${d.slope} µε/h` : 'none meets the plan'}`);
  log();
  log(`### ${v}: offset step 5 µε`);
  log('| K | false faults (5 y) | found | median delay (h) | max (h) | before onset |');
  log('|---|---|---|---|---|---|');
  const offsetRows = OFFSET_CANDIDATES.map((k) => {
    const o = outcome(tuneHealthy, tuneOffset, (c) => offsetOf(c, v, k));
    log(`| ${k} | ${o.falseFaults} | ${text(o, TUNING_SEEDS.length)} |`);
    return { candidate: k, o, strictness: k };
  });
  const k = choose(offsetRows, TUNING_SEEDS.length);
  if (k !== undefined) chosenOffset.set(v, k);
  log(`Chosen: ${k !== undefined ? `K = ${k}` : 'none meets the plan'}`);
}

/** Per window of raw samples: the longest run of equal consecutive samples at its max or min. */
function plateauRuns(samples: readonly number[]): number[] {
  const runs: number[] = [];
  for (let from = 0; from + MUNICH_WINDOW <= samples.length; from += MUNICH_WINDOW) {
    const values = samples.slice(from, from + MUNICH_WINDOW).filter(Number.isFinite);
    const max = Math.max(...values);
    const min = Math.min(...values);
    let best = 0;
    let run = 0;
    values.forEach((v, i) => {
      run = (v === max || v === min) && v === values[i - 1] ? run + 1 : 1;
      if (v === max || v === min) best = Math.max(best, run);
    });
    runs.push(max > min ? best : 0);
  }
  return runs;
}

const munich = munichAvailable()
  ? MUNICH_CHANNELS.map((c) => ({ channel: c, values: readMunichChannel(c) }))
  : [];
log();
log('## Tuning, clipping C2: plateau run at the extreme / hold, healthy Munich records');
if (!munich.length) log('SKIPPED: the Munich records are missing');
for (const { channel, values } of munich) {
  const holds = summariseWindows(values, MUNICH_RATE_HZ, 0, MUNICH_WINDOW).map((w) =>
    Math.max(1, w.holdRun),
  );
  const ratios = plateauRuns(values).map((r, i) => r / (holds[i] ?? 1));
  log(`- ${channel.label}: largest ${Math.max(...ratios).toFixed(1)} holds`);
}
const healthyRatios = munich.flatMap(({ values }) => {
  const holds = summariseWindows(values, MUNICH_RATE_HZ, 0, MUNICH_WINDOW).map((w) =>
    Math.max(1, w.holdRun),
  );
  return plateauRuns(values).map((r, i) => r / (holds[i] ?? 1));
});
const plateau = PLATEAU_CANDIDATES.find((p) => healthyRatios.every((r) => r < p));
log(`Chosen: ${plateau !== undefined ? `P = ${plateau} holds` : 'none meets the plan'}`);

if (process.argv.includes('--tuning-only')) {
  log(`(${((Date.now() - started) / 1000).toFixed(0)} s, tuning only)`);
  process.exit(0);
}
log();
log('## Reporting, run once: healthy 111-120 (10 sensor-years), injections 211-220');
const repHealthy = HEALTHY_REPORTING.map(healthyYear);
log(
  '| rule | fault | false faults (10 y) | per sensor-year | found | median delay (h) | max (h) | before onset |',
);
log('|---|---|---|---|---|---|---|---|');
for (const v of VARIANTS) {
  const d = chosenDrift.get(v);
  if (d) {
    const o = outcome(
      repHealthy,
      TRIAL_REPORTING.map((s) => trial(s, 'drift', 2)),
      (c) => driftOf(c, v, d),
    );
    log(
      `| ${v}, drift ${d.horizon} h ${d.slope} µε/h | drift 2 µε/h | ${o.falseFaults} | ${(o.falseFaults / 10).toFixed(1)} | ${text(o, 10)} |`,
    );
  }
  const k = chosenOffset.get(v);
  if (k !== undefined) {
    for (const size of [5, 20]) {
      const o = outcome(
        size === 5 ? repHealthy : [],
        TRIAL_REPORTING.map((s) => trial(s, 'offset', size)),
        (c) => offsetOf(c, v, k),
      );
      const healthyText =
        size === 5 ? `${o.falseFaults} | ${(o.falseFaults / 10).toFixed(1)}` : '(above) | ';
      log(`| ${v}, offset K = ${k} | offset ${size} µε | ${healthyText} | ${text(o, 10)} |`);
    }
  }
}

// C1: the ceiling declared as the range; a window with any sample at it clips.
const clipDelays = TRIAL_REPORTING.map((seed) => {
  const s = simulateStream({ seed, days: 30 });
  const onset = 14 * DAY + ((seed * 37) % DAY);
  const ceiling = (s.windows[onset]?.mean ?? 0) + 10;
  const windows = injectSimFault(s.windows, 'clipping', onset, 10);
  const begins = windows.findIndex((w, i) => i >= onset && w.atMax > 1);
  // From the onset: before it the ceiling is not there (the healthy gauge exceeds it).
  const hit = windows.findIndex((w, i) => i >= onset && w.max >= ceiling && w.atMax >= 1);
  return {
    early: hit >= 0 && hit < begins,
    delay: ((hit + 1 - begins) * SIM_WINDOW_MS) / 3_600_000,
  };
});
const c1 = clipDelays.map((c) => c.delay).sort((a, b) => a - b);
log(
  `| C1 declared range | clipping 10 µε above onset mean | (see text) | | 10/10 | ${median(c1).toFixed(2)} | ${c1.at(-1)?.toFixed(2)} | ${clipDelays.filter((c) => c.early).length} |`,
);

log();
log('## Reporting, Munich (real records, 10-s windows)');
if (plateau !== undefined) {
  log(`### C2 plateau P = ${plateau}: clipping at the 90th percentile after 55 % of the record`);
  for (const { channel, values } of munich) {
    const at = Math.floor((values.length * 0.55) / MUNICH_WINDOW) * MUNICH_WINDOW + 437;
    const after = values
      .slice(at)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const ceiling = after[Math.floor(0.9 * (after.length - 1))] ?? 0;
    const clipped = values.map((v, i) => (i < at ? v : Math.min(v, ceiling)));
    const begins = values.findIndex((v, i) => i >= at && v > ceiling);
    const holds = summariseWindows(clipped, MUNICH_RATE_HZ, 0, MUNICH_WINDOW).map((w) =>
      Math.max(1, w.holdRun),
    );
    const firing = plateauRuns(clipped).flatMap((r, i) =>
      r / (holds[i] ?? 1) >= (plateau ?? Infinity) ? [i] : [],
    );
    const hit = firing.find((i) => (i + 1) * MUNICH_WINDOW > begins);
    const early = firing.filter((i) => (i + 1) * MUNICH_WINDOW <= at).length;
    const delay =
      hit === undefined
        ? 'missed'
        : `${(((hit + 1) * MUNICH_WINDOW - begins) / MUNICH_RATE_HZ).toFixed(1)} s`;
    log(`- ${channel.label}: ${delay}${early ? `, ${early} windows before` : ''}`);
  }
}
const together = munich.filter(
  (m) => m.channel.file === 'UniBw_2022-04-11_ref_support_load_01AllM100Hz',
);
const kTwin = chosenOffset.get('twin');
if (together.length === 3 && kTwin !== undefined) {
  log();
  log(`### Neighbour regression, load test: DMS_AS from FRC-01 and INC01, K = ${kTwin}`);
  const [gauge, ...others] = together.map((m) =>
    summariseWindows(m.values, MUNICH_RATE_HZ, 0, MUNICH_WINDOW),
  );
  if (gauge) {
    const half = Math.floor(gauge.length / 2);
    const judge = (windows: WindowSummary[]) => {
      const est = twinEstimate(
        windows.map((w) => w.mean),
        others.map((o) => o.map((w) => w.mean)),
        half,
        1,
      );
      return residualStepFaults(windows, est, { sigmas: kTwin });
    };
    const healthy = judge(gauge);
    const scale = twinEstimate(
      gauge.map((w) => w.mean),
      others.map((o) => o.map((w) => w.mean)),
      half,
      1,
    ).jumpScale[half];
    log(
      `Healthy: ${healthy.length} faults in ${gauge.length - half} judged windows ` +
        `(the residual jump's scale from the first half: ${scale?.toPrecision(2)} µε)`,
    );
    const raw = together[0]?.values ?? [];
    const noise = median(gauge.map((w) => w.noise));
    const at = Math.floor(raw.length * 0.75);
    const stepped = summariseWindows(
      raw.map((v, i) => (i < at ? v : v + 20 * noise)),
      MUNICH_RATE_HZ,
      0,
      MUNICH_WINDOW,
    );
    const hit = judge(stepped).find((f) => (f.detectedWindow + 1) * MUNICH_WINDOW > at);
    log(
      `Step of 20 × noise (${(20 * noise).toPrecision(2)} µε) at sample ${at}: ` +
        (hit
          ? `found, ${(((hit.detectedWindow + 1) * MUNICH_WINDOW - at) / MUNICH_RATE_HZ).toFixed(1)} s`
          : 'missed'),
    );
  }
}
log();
log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
