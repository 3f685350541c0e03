/**
 * Sensor bench (issue 30, decision 030): faults injected into simulated strain streams and into
 * the real Munich strain, force and tilt records; detection delay per fault kind, and false
 * faults on the healthy (uninjected) data. `npm run bench:sensors`; not part of `npm test`.
 *
 * Thresholds are chosen on simulated healthy years with seeds 1-5 (the calibration table shows
 * the fault counts the candidates give there) and judged on held-out seeds 101-110 and on the
 * real records.
 */

import { driftFaults } from '../../server/analytics/sensor-validation/drift.ts';
import { gainFaults } from '../../server/analytics/sensor-validation/gain-change.ts';
import { offsetFaults } from '../../server/analytics/sensor-validation/offset-step.ts';
import { defaultValidation } from '../../server/analytics/sensor-validation/thresholds.ts';
import type {
  ValidationFault,
  ValidationFaultKind,
  WindowReference,
  WindowSummary,
} from '../../server/analytics/sensor-validation/types.ts';
import { validateStream } from '../../server/analytics/sensor-validation/validate-stream.ts';
import { recentFaults } from '../../server/analytics/sensor-validation/recent-faults.ts';
import { steppedWithNeighbours } from '../../server/analytics/sensor-validation/neighbour-steps.ts';
import { summariseWindows } from '../../server/analytics/sensor-validation/window-summary.ts';
import { median } from '../../server/analytics/sensor-validation/robust.ts';
import {
  MUNICH_CHANNELS,
  MUNICH_DIR,
  MUNICH_RATE_HZ,
  munichAvailable,
  readMunichChannel,
} from './munich-records.ts';
import {
  injectSimFault,
  SIM_WINDOW_MS,
  simulateStream,
  type SimFaultKind,
} from './sensor-window-sim.ts';

const CALIBRATION_SEEDS = [1, 2, 3, 4, 5];
const HELD_OUT_SEEDS = [101, 102, 103, 104, 105, 106, 107, 108, 109, 110];
const TRIAL_SEEDS = [201, 202, 203, 204, 205, 206, 207, 208, 209, 210];
const DAY_WINDOWS = 144;
/** 10-second windows on the minutes-long Munich records (60-120 windows a record). */
const MUNICH_WINDOW_SAMPLES = 1000;
const YEAR_HOURS = 8766;

const log = (line = '') => process.stdout.write(`${line}\n`);
const hours = (ms: number) => ms / 3_600_000;

function calibration(): void {
  log('## Calibration: faults on healthy simulated years, seeds 1-5 (5 sensor-years)');
  log('| detector | candidate | faults |');
  log('|---|---|---|');
  const years = CALIBRATION_SEEDS.map((seed) => simulateStream({ seed, days: 365 }));
  const total = (count: (s: (typeof years)[number]) => number) =>
    years.reduce((sum, s) => sum + count(s), 0);
  for (const slope of [0.5, 0.75, 1]) {
    const n = total((s) => driftFaults(s.windows, { minSlopePerHour: slope }, s.reference).length);
    log(`| drift vs temperature model (24 h, µε/h) | ${slope} | ${n} |`);
  }
  for (const slope of [0.5, 0.75, 1]) {
    const rule = { minSlopePerHour: slope, horizonHours: 168, blockHours: 6 };
    const n = total((s) => driftFaults(s.windows, { ...rule, ownHistory: rule }).length);
    log(`| drift vs own history (7 days, µε/h) | ${slope} | ${n} |`);
  }
  for (const sigmas of [16, 24, 32]) {
    log(
      `| offset step (× usual shift) | ${sigmas} | ${total((s) => offsetFaults(s.windows, { sigmas }).length)} |`,
    );
  }
  const gain = { spanWindows: DAY_WINDOWS, baseWindows: 7 * DAY_WINDOWS, stride: 6 };
  for (const factor of [1.03, 1.05]) {
    const n = total((s) => gainFaults(s.windows, { ...gain, factor }, s.reference).length);
    log(`| gain vs twin (day vs week) | ${factor} | ${n} |`);
  }
  for (const factor of [1.2]) {
    const own = (s: (typeof years)[number]) => ({ std: s.windows.map(() => 1) });
    const n = total((s) => gainFaults(s.windows, { ...gain, factor }, own(s)).length);
    log(`| gain vs own history (day vs week; not used) | ${factor} | ${n} |`);
  }
  log();
}

function countByKind(faults: readonly ValidationFault[]): Map<ValidationFaultKind, number> {
  const counts = new Map<ValidationFaultKind, number>();
  for (const f of faults) counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
  return counts;
}

const describeCounts = (counts: Map<ValidationFaultKind, number>) =>
  [...counts].map(([kind, n]) => `${kind} ${n}`).join(', ') || 'none';

function heldOut(): void {
  const settings = defaultValidation(SIM_WINDOW_MS, 'µε');
  let withReference = 0;
  let ownHistory = 0;
  const kinds = new Map<ValidationFaultKind, number>();
  for (const seed of HELD_OUT_SEEDS) {
    const s = simulateStream({ seed, days: 365 });
    const found = validateStream(s.windows, settings, s.reference);
    const own = driftFaults(s.windows, settings.drift).length;
    withReference += found.length;
    ownHistory += own;
    for (const [kind, n] of countByKind(found)) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
  }
  const years = HELD_OUT_SEEDS.length;
  log(`## False faults on held-out healthy simulated years (seeds 101-110, ${years} sensor-years)`);
  log('| case | false faults | per sensor-year |');
  log('|---|---|---|');
  log(
    `| every detector, with temperature model and twin | ${withReference} (${describeCounts(kinds)}) | ${(withReference / years).toFixed(2)} |`,
  );
  log(`| drift against own history | ${ownHistory} | ${(ownHistory / years).toFixed(2)} |`);
  log();
}

interface Trial {
  kind: SimFaultKind;
  size: number;
  label: string;
  reference: (r: Required<WindowReference>) => WindowReference;
  goalHours: number;
}

function simTrials(): void {
  const settings = defaultValidation(SIM_WINDOW_MS, 'µε');
  const trials: Trial[] = [
    {
      kind: 'drift',
      size: 2,
      label: 'drift 2 µε/h, temperature model',
      reference: (r) => ({ mean: r.mean }),
      goalHours: 24,
    },
    {
      kind: 'drift',
      size: 2,
      label: 'drift 2 µε/h, own history only',
      reference: () => ({}),
      goalHours: 24,
    },
    { kind: 'offset', size: 5, label: 'offset step 5 µε', reference: (r) => r, goalHours: 1 / 6 },
    { kind: 'offset', size: 20, label: 'offset step 20 µε', reference: (r) => r, goalHours: 1 / 6 },
    {
      kind: 'clipping',
      size: 10,
      label: 'clipping 10 µε above onset mean',
      reference: (r) => r,
      goalHours: 1 / 6,
    },
    {
      kind: 'gain',
      size: 1.1,
      label: 'gain +10 %, twin',
      reference: (r) => ({ std: r.std }),
      goalHours: 24,
    },
    {
      kind: 'gain',
      size: 0.9,
      label: 'gain −10 %, twin',
      reference: (r) => ({ std: r.std }),
      goalHours: 24,
    },
  ];
  log(
    `## Simulated injections (${TRIAL_SEEDS.length} streams of 30 days each, onset on day 14 at a varying hour)`,
  );
  log('| fault | found | delay median (h) | delay max (h) | goal (h) | other faults after onset |');
  log('|---|---|---|---|---|---|');
  for (const trial of trials) {
    const delays: number[] = [];
    const others = new Map<ValidationFaultKind, number>();
    for (const seed of TRIAL_SEEDS) {
      const s = simulateStream({ seed, days: 30 });
      const onset = 14 * DAY_WINDOWS + ((seed * 37) % DAY_WINDOWS);
      const windows = injectSimFault(s.windows, trial.kind, onset, trial.size);
      // Clipping begins when the signal first reaches the ceiling, not when the ceiling is set.
      const begins =
        trial.kind === 'clipping' ? windows.findIndex((w, i) => i >= onset && w.atMax > 1) : onset;
      const found = validateStream(windows, settings, trial.reference(s.reference)).filter(
        (f) => f.detectedWindow >= begins,
      );
      const hit = found.find((f) => f.kind === trial.kind);
      const startMs = windows[begins]?.startMs ?? 0;
      if (hit)
        delays.push(hours((windows[hit.detectedWindow]?.startMs ?? 0) + SIM_WINDOW_MS - startMs));
      for (const f of found) if (f !== hit) others.set(f.kind, (others.get(f.kind) ?? 0) + 1);
    }
    const sorted = [...delays].sort((a, b) => a - b);
    log(
      `| ${trial.label} | ${delays.length}/${TRIAL_SEEDS.length} | ${delays.length ? median(sorted).toFixed(1) : '–'} | ` +
        `${delays.length ? (sorted.at(-1) ?? 0).toFixed(1) : '–'} | ${trial.goalHours.toFixed(2)} | ${describeCounts(others)} |`,
    );
  }
  log();
}

function injectRaw(
  values: readonly number[],
  kind: 'offset' | 'clipping',
  at: number,
  size: number,
): number[] {
  return values.map((v, i) => (i < at ? v : kind === 'offset' ? v + size : Math.min(v, size)));
}

function munich(): void {
  if (!munichAvailable()) {
    log(`## Munich records: SKIPPED, ${MUNICH_DIR} is missing`);
    return;
  }
  log('## Real Munich records (100 Hz, 10-second windows)');
  log(
    'Drift (24 h horizon) and gain (a day against a week) cannot be judged on records of 10-20 minutes.',
  );
  log(
    '| channel | minutes | healthy: false faults | as the stored analysis runs them | offset 20 σ / 100 σ: delay (s) | clipping at 90th pct: delay (s) |',
  );
  log('|---|---|---|---|---|---|');
  let totalStored = 0;
  let totalHours = 0;
  let totalFalse = 0;
  const windowS = MUNICH_WINDOW_SAMPLES / MUNICH_RATE_HZ;
  for (const channel of MUNICH_CHANNELS) {
    const values = readMunichChannel(channel);
    const settings = defaultValidation(windowS * 1000, channel.unit);
    const summarise = (v: readonly number[]) =>
      summariseWindows(v, MUNICH_RATE_HZ, 0, MUNICH_WINDOW_SAMPLES);
    const healthy = summarise(values);
    const falseFaults = validateStream(healthy, settings);
    // The stored evaluation's composition (decision 048): no drift on a record this short.
    const storedFaults = recentFaults(
      { means: [], detail: healthy, checkStuck: true, checkDrift: false },
      settings,
    );
    totalStored += storedFaults.length;
    const noise = median(healthy.map((w) => w.noise));
    // Mid-window, after the first half of the record (the detectors need a history).
    const at =
      Math.floor((values.length * 0.55) / MUNICH_WINDOW_SAMPLES) * MUNICH_WINDOW_SAMPLES + 437;
    const delay = (windows: WindowSummary[], kind: ValidationFaultKind, begins: number) => {
      const hit = validateStream(windows, settings).find(
        (f) =>
          f.kind === kind &&
          f.detectedWindow * MUNICH_WINDOW_SAMPLES + MUNICH_WINDOW_SAMPLES > begins,
      );
      return hit
        ? (((hit.detectedWindow + 1) * MUNICH_WINDOW_SAMPLES - begins) / MUNICH_RATE_HZ).toFixed(1)
        : 'missed';
    };
    const after = values
      .slice(at)
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const ceiling = after[Math.floor(0.9 * (after.length - 1))] ?? 0;
    const clipBegins = values.findIndex((v, i) => i >= at && v > ceiling);
    const minutes = values.length / MUNICH_RATE_HZ / 60;
    totalHours += minutes / 60;
    totalFalse += falseFaults.length;
    const listed = falseFaults
      .map((f) => `${f.kind} at ${(f.onsetWindow * windowS).toFixed(0)} s: ${f.reason}`)
      .join('; ');
    log(
      `| ${channel.label} [${channel.unit}] | ${minutes.toFixed(1)} | ${falseFaults.length ? listed : '0'} | ` +
        `${storedFaults.map((f) => f.kind).join(', ') || '0'} | ` +
        `${delay(summarise(injectRaw(values, 'offset', at, 20 * noise)), 'offset', at)} (${(20 * noise).toPrecision(2)} ${channel.unit}) / ` +
        `${delay(summarise(injectRaw(values, 'offset', at, 100 * noise)), 'offset', at)} | ` +
        `${delay(summarise(injectRaw(values, 'clipping', at, ceiling)), 'clipping', clipBegins)} |`,
    );
  }
  log();
  log(`As the stored analysis runs them: ${totalStored} faults on the same healthy records.`);
  log(
    `Real records: ${totalFalse} faults on healthy data in ${totalHours.toFixed(2)} sensor-hours ` +
      `(${((totalHours / YEAR_HOURS) * 1e3).toFixed(2)}·10⁻³ sensor-years; a count this small bounds ` +
      `a yearly rate only to about ${(3 / (totalHours / YEAR_HOURS)).toFixed(0)}, so the per-year figure comes from the simulated years).`,
  );
}

/**
 * The neighbour rule (decision 048) on the load test's three channels logged together: a step
 * injected into one channel alone must still be a fault; the same step (20 σ of each channel's
 * noise) injected into all three at one sample, as a settlement would move them, must not; and
 * how often a healthy neighbour's window reaches the rule's score by itself.
 */
function neighbours(): void {
  const together = MUNICH_CHANNELS.filter(
    (c) => c.file === 'UniBw_2022-04-11_ref_support_load_01AllM100Hz',
  );
  const records = together.map((c) => readMunichChannel(c));
  const windowMs = (MUNICH_WINDOW_SAMPLES / MUNICH_RATE_HZ) * 1000;
  const summarise = (v: readonly number[]) =>
    summariseWindows(v, MUNICH_RATE_HZ, 0, MUNICH_WINDOW_SAMPLES);
  const healthy = records.map(summarise);
  const noise = healthy.map((w) => median(w.map((x) => x.noise)));
  const length = Math.min(...records.map((r) => r.length));
  const at = Math.floor((length * 0.55) / MUNICH_WINDOW_SAMPLES) * MUNICH_WINDOW_SAMPLES + 437;
  const stepped = records.map((r, k) => injectRaw(r, 'offset', at, 20 * (noise[k] ?? 0)));
  log();
  log('## Neighbour rule on the load test (DMS_AS, FRC-01, INC01 logged together)');
  log(
    '| channel | alone: offset raised | all three stepped: offset raised | healthy windows a neighbour scores ≥ 8 |',
  );
  log('|---|---|---|---|');
  together.forEach((channel, k) => {
    const settings = defaultValidation(windowMs, channel.unit);
    const raised = (own: WindowSummary[], others: WindowSummary[][]) =>
      offsetFaults(own, settings.offset).filter((f) => !steppedWithNeighbours(f, others)).length;
    const alone = raised(
      summarise(stepped[k] ?? []),
      healthy.filter((_, j) => j !== k),
    );
    const all = raised(
      summarise(stepped[k] ?? []),
      stepped.filter((_, j) => j !== k).map(summarise),
    );
    const own = healthy[k] ?? [];
    const chance = own.filter((w) =>
      steppedWithNeighbours(
        { kind: 'offset', onsetWindow: 0, onsetMs: w.startMs, detectedWindow: 0, reason: '' },
        healthy.filter((_, j) => j !== k),
      ),
    ).length;
    log(`| ${channel.label} | ${alone} | ${all} | ${chance} of ${own.length} |`);
  });
}

const started = Date.now();
// `-- --munich`: the real records alone (seconds instead of minutes).
if (!process.argv.includes('--munich')) {
  calibration();
  heldOut();
  simTrials();
}
munich();
neighbours();
log();
log(`(bench ran ${((Date.now() - started) / 1000).toFixed(0)} s)`);
