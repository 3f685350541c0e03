// Decision 076 (d): do SSI damping ratios, added to the SSI frequencies as the detector's
// features, change detection or false alarms? The plan (seeds, arms, criterion) was committed
// before this ran. Offline, not part of `npm test`:
//   SEEDS=1,2,3 npx tsx tests/bench/ssi-damping-features.ts   (tuning)
//   SEEDS=11,12,13,14,15 npx tsx tests/bench/ssi-damping-features.ts   (reporting, once)
// Amendment (i), on the logger-filtered records: tuning SEEDS=171,...,175, reporting 176-180;
// arm C (frequencies and the damping of the highest reference mode only) added to A and B.
import { loadavg } from 'node:os';
import { identifyModes } from '../../server/analytics/modal/identify-modes.ts';
import { type KeyedMode, matchToReference } from '../../server/analytics/modal/mode-matching.ts';
import { trafficAndWindForces } from '../../server/sim/beam-loads.ts';
import type { BeamModel } from '../../server/sim/beam-model.ts';
import { simulateAccelerations } from '../../server/sim/modal-response.ts';
import { exceedances } from '../helpers/bench-exceedances.ts';
import { BEAM_SPAN_M, localisationBeam } from '../helpers/beam-windows.ts';

const RATE_HZ = 20;
const SECONDS = 300;
const FMAX_HZ = 8;
const BASELINE = 30;
const TESTS = 15;
const DAMAGED_FACTOR = 0.8;
const TARGET_RATE = 0.05;
const CONTEXT = [10];

interface Identified {
  frequencyHz: number;
  dampingRatio: number;
  shape: ReadonlyMap<number, number>;
}

function identify(model: BeamModel, seed: number): Identified[] {
  const samples = RATE_HZ * SECONDS;
  const modalForces = trafficAndWindForces(model, {
    spanM: BEAM_SPAN_M,
    rateHz: RATE_HZ,
    samples,
    seed,
    vehiclesPerMinute: 6,
    windShare: 0.05,
  });
  const record = simulateAccelerations(model, {
    rateHz: RATE_HZ,
    samples,
    noise: 0.02,
    seed: seed + 7919,
    modalForces,
  });
  return identifyModes(record, { rateHz: RATE_HZ, fmaxHz: FMAX_HZ }).modes.map((m) => ({
    frequencyHz: m.frequency_hz,
    dampingRatio: m.damping_ratio,
    shape: new Map(m.shape.map((v, i) => [i, v])),
  }));
}

/** Per reference mode: [frequencies..., dampings...], NaN where the mode was lost. */
function features(reference: readonly KeyedMode[], modes: readonly Identified[]): number[] {
  const hz = new Array<number>(reference.length).fill(Number.NaN);
  const zeta = new Array<number>(reference.length).fill(Number.NaN);
  matchToReference(reference, modes).matches.forEach((match, f) => {
    if (match.reference === null) return;
    hz[match.reference] = modes[f]?.frequencyHz ?? Number.NaN;
    zeta[match.reference] = modes[f]?.dampingRatio ?? Number.NaN;
  });
  return [...hz, ...zeta];
}

const exceedancesOf = (baseline: number[][], tests: number[][][]) =>
  exceedances(baseline, tests, { context: CONTEXT, targetRate: TARGET_RATE });

const seeds = (process.env.SEEDS ?? '1,2,3').split(',').map(Number);
const healthy = localisationBeam(-1, 1);
type Arm = 'A' | 'B' | 'C';
const ARMS: readonly Arm[] = ['A', 'B', 'C'];
const totals = Object.fromEntries(
  ARMS.map((arm) => [arm, { falseAlarms: 0, detections: 0 }]),
) as Record<Arm, { falseAlarms: number; detections: number }>;
const started = performance.now();
for (const s of seeds) {
  const seedOf = (w: number) => 100_000 * s + w;
  const damagedElement = (7 * s + 3) % 20;
  const damaged = localisationBeam(damagedElement, DAMAGED_FACTOR);
  const base = Array.from({ length: BASELINE }, (_, w) => identify(healthy, seedOf(w)));
  const reference = base[0] ?? [];
  const calm = Array.from({ length: TESTS }, (_, w) => identify(healthy, seedOf(500 + w)));
  const hurt = Array.from({ length: TESTS }, (_, w) => identify(damaged, seedOf(800 + w)));
  const k = reference.length;
  // C's one damping feature: the reference mode with the most cycles in a record (the highest
  // frequency), whose damping estimate scatters least.
  const highest = reference.reduce(
    (h, m, i) => (m.frequencyHz > (reference[h]?.frequencyHz ?? 0) ? i : h),
    0,
  );
  const columns: Record<Arm, (row: number[]) => number[]> = {
    A: (row) => row.slice(0, k),
    B: (row) => row,
    C: (row) => [...row.slice(0, k), row[k + highest] ?? Number.NaN],
  };
  const rows = (windows: Identified[][], arm: Arm) =>
    windows.map((modes) => columns[arm](features(reference, modes)));
  for (const arm of ARMS) {
    const [falseAlarms = 0, detections = 0] = await exceedancesOf(rows(base, arm), [
      rows(calm, arm),
      rows(hurt, arm),
    ]);
    totals[arm].falseAlarms += falseAlarms;
    totals[arm].detections += detections;
    console.info(
      `seed ${s} (element ${damagedElement}, ${reference.length} reference modes ${reference.map((m) => m.frequencyHz.toFixed(3)).join(', ')} Hz) arm ${arm}: healthy above ${falseAlarms}/${TESTS}, damaged above ${detections}/${TESTS}`,
    );
  }
}
const n = seeds.length * TESTS;
for (const arm of ARMS) {
  const { falseAlarms, detections } = totals[arm];
  console.info(
    `pooled seeds ${seeds.join(',')} arm ${arm}: healthy above ${falseAlarms}/${n} (${((100 * falseAlarms) / n).toFixed(1)} %), damaged above ${detections}/${n} (${((100 * detections) / n).toFixed(1)} %)`,
  );
}
console.info(
  `${((performance.now() - started) / 1000).toFixed(0)} s, load average at the end ${loadavg()[0]?.toFixed(1)}`,
);
