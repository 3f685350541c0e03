// Decision 076 (e): SSI modes against per-accelerometer peak tracking as the detector's modal
// features, on the same simulated records, with the same detector and false-alarm target. The
// plan (seeds, arms, damage cases, criterion) was committed before this ran. Offline, not part
// of `npm test`:
//   SEEDS=31,32,33 npx tsx tests/bench/ssi-vs-peak-features.ts   (tuning)
//   SEEDS=41,42,43,44,45 npx tsx tests/bench/ssi-vs-peak-features.ts   (reporting, once)
// TESTS=10 takes fewer test windows a case (the plan's rule if a tuning seed is slow).
import { identifyModes } from '../../server/analytics/modal/identify-modes.ts';
import { seriesFromBlocks } from '../../server/analytics/series.ts';
import { extractWindowFeatures } from '../../server/analytics/window-features.ts';
import type { BridgeStream, StoredBlock } from '../../server/analysis/bridge-streams.ts';
import {
  blocksForGrid,
  type DatasetPlan,
  planDataset,
} from '../../server/analysis/dataset-plan.ts';
import { withoutRareModes } from '../../server/analysis/learnable-modes.ts';
import { type IdentifiedWindow, ssiFeatureRows } from '../../server/analysis/ssi-features.ts';
import { foundCounts, learnableSsiModes } from '../../server/analysis/ssi-plan.ts';
import { planFeatureNames } from '../../server/analysis/window-dataset.ts';
import type { BeamModel } from '../../server/sim/beam-model.ts';
import { exceedances } from '../helpers/bench-exceedances.ts';
import { beamTrafficRecord, beamWithStiffness, localisationBeam } from '../helpers/beam-windows.ts';

const RATE_HZ = 20;
const SECONDS = 300;
const FMAX_HZ = 8;
const SLOT_MS = 600_000;
const BASELINE = 30;
const TESTS = Number(process.env.TESTS ?? 15);
const TARGET_RATE = 0.05;
const CONTEXT = [10];
const CHANNELS = 11;

type Channels = Float64Array[];
/** A set of windows: its records, one per 10-minute slot from `from`. */
interface WindowSet {
  from: number;
  records: Channels[];
}
type Arm = 'A' | 'A1' | 'B';
const ARMS: readonly Arm[] = ['A', 'A1', 'B'];
const CASES = ['healthy', 'element 90 %', 'element 80 %', 'all 98 %'] as const;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function windowSet(model: BeamModel, seeds: number[], from: number): WindowSet {
  return {
    from,
    records: seeds.map((seed) =>
      beamTrafficRecord(model, seed, { rateHz: RATE_HZ, seconds: SECONDS }),
    ),
  };
}

const streams = (placed: boolean): BridgeStream[] =>
  Array.from({ length: CHANNELS }, (_, c) => ({
    id: c + 1,
    streamId: `acc${c + 1}`,
    dataType: 'acceleration' as const,
    status: 'active' as const,
    ...(placed ? { placement: { spanId: 1, direction: 'vertical' } } : {}),
  }));

/** Each record as one burst at the start of its slot, one stored block per channel. */
const blocksOf = (set: WindowSet): StoredBlock[] =>
  set.records.flatMap((record, w) =>
    record.map((values, c) => ({
      datastreamId: c + 1,
      startMs: set.from + w * SLOT_MS,
      rateHz: RATE_HZ,
      values,
    })),
  );

/** The plan's modal features of each window of a set (the product's windowing and trackers). */
function trackedFeatures(plan: DatasetPlan, set: WindowSet, initial?: Record<string, number[]>) {
  const to = set.from + set.records.length * SLOT_MS;
  const blocks = blocksOf(set);
  const series = plan.streams.map((s) =>
    seriesFromBlocks(
      s.streamId,
      s.dataType,
      s.rateHz,
      blocksForGrid(
        blocks.filter((b) => b.datastreamId === s.id),
        s.rateHz,
      ),
      set.from,
      to,
    ),
  );
  const result = extractWindowFeatures(series, {
    from: set.from,
    to,
    windowSeconds: SLOT_MS / 1000,
    expectedSamples: Object.fromEntries(plan.streams.map((s) => [s.streamId, s.expectedSamples])),
    modal: plan.modal.map((m) => ({ ...m, initialHz: initial?.[m.stream] ?? m.initialHz })),
  });
  const columns = planFeatureNames(plan).map((name) => result.featureNames.indexOf(name));
  return {
    rows: result.windows.map((w) => columns.map((i) => w.features[i] ?? Number.NaN)),
    trackedHz: result.trackedHz,
  };
}

/** Arm A / A1: the per-stream plan of the baseline, its rare modes dropped, then tracking. */
function peakArm(placed: boolean, base: WindowSet, tests: WindowSet[]) {
  const started = cpuMs();
  const from = base.from;
  const to = from + base.records.length * SLOT_MS;
  let plan = planDataset(streams(placed), blocksOf(base), from, to);
  let baseline = trackedFeatures(plan, base);
  const learnable = withoutRareModes(
    plan,
    baseline.rows.map((features, w) => ({
      start: from + w * SLOT_MS,
      end: from + (w + 1) * SLOT_MS,
      features,
      temperatureC: 10,
    })),
  );
  if (learnable) {
    plan = learnable;
    baseline = trackedFeatures(plan, base);
  }
  const rows = tests.map((set) => trackedFeatures(plan, set, baseline.trackedHz).rows);
  const windows = base.records.length + tests.reduce((n, s) => n + s.records.length, 0);
  return {
    baseline: baseline.rows,
    tests: rows,
    names: planFeatureNames(plan),
    cpuPerWindowMs: (cpuMs() - started) / windows,
  };
}

/** Arm B: SSI-COV per window, matched to the first baseline window's modes (the reference). */
function ssiArm(base: WindowSet, tests: WindowSet[]) {
  const started = cpuMs();
  const identified = (set: WindowSet): IdentifiedWindow[] =>
    set.records.map((record, w) => ({
      start: set.from + w * SLOT_MS,
      modes: identifyModes(record, { rateHz: RATE_HZ, fmaxHz: FMAX_HZ }).modes.map((m) => ({
        frequencyHz: m.frequency_hz,
        shape: m.shape.map((value, c) => ({
          datastream_id: c + 1,
          stream_id: `acc${c + 1}`,
          chainage_m: 0,
          value,
        })),
      })),
    }));
  const baseWindows = identified(base);
  const reference = (baseWindows[0]?.modes ?? []).map((m) => ({
    frequencyHz: m.frequencyHz,
    shape: [...m.shape],
  }));
  console.info(
    `reference window modes ${reference.map((m) => m.frequencyHz.toFixed(3)).join(', ')} Hz`,
  );
  const modes =
    learnableSsiModes(reference, foundCounts(reference, baseWindows), base.records.length) ?? [];
  const rowsOf = (windows: IdentifiedWindow[]) => [...ssiFeatureRows(modes, windows).values()];
  const baseline = rowsOf(baseWindows);
  const rows = tests.map((set) => rowsOf(identified(set)));
  const windows = base.records.length + tests.reduce((n, s) => n + s.records.length, 0);
  return {
    baseline,
    tests: rows,
    names: modes.map((m, k) => `ssi.f${k + 1} (${m.frequencyHz.toFixed(3)} Hz)`),
    cpuPerWindowMs: (cpuMs() - started) / windows,
  };
}

async function aboveThreshold(baseline: number[][], tests: number[][][]): Promise<number[]> {
  if (baseline[0]?.length === 0 || baseline.length === 0) return tests.map(() => Number.NaN);
  return exceedances(baseline, tests, { context: CONTEXT, targetRate: TARGET_RATE });
}

const lostShare = (sets: number[][][]) => {
  const values = sets.flat(2);
  return values.length === 0 ? 1 : values.filter((v) => !Number.isFinite(v)).length / values.length;
};

const seeds = (process.env.SEEDS ?? '31,32,33').split(',').map(Number);
const healthy = localisationBeam(-1, 1);
const pooled = Object.fromEntries(
  ARMS.map((arm) => [arm, { above: CASES.map(() => 0), lost: 0, cpu: 0 }]),
) as { [arm in Arm]: { above: number[]; lost: number; cpu: number } };
const started = performance.now();
for (const s of seeds) {
  const seedStarted = performance.now();
  const seedsOf = (first: number, n: number) =>
    Array.from({ length: n }, (_, w) => 100_000 * s + first + w);
  const element = (7 * s + 3) % 20;
  const day = 86_400_000;
  const base = windowSet(healthy, seedsOf(0, BASELINE), 0);
  const tests = [
    windowSet(healthy, seedsOf(500, TESTS), day),
    windowSet(localisationBeam(element, 0.9), seedsOf(600, TESTS), 2 * day),
    windowSet(localisationBeam(element, 0.8), seedsOf(800, TESTS), 3 * day),
    windowSet(
      beamWithStiffness(() => 0.98),
      seedsOf(900, TESTS),
      4 * day,
    ),
  ];
  const features = {
    A: peakArm(false, base, tests),
    A1: peakArm(true, base, tests),
    B: ssiArm(base, tests),
  };
  for (const arm of ARMS) {
    const f = features[arm];
    const above = await aboveThreshold(f.baseline, f.tests);
    const lost = lostShare(f.tests);
    above.forEach((n, k) => (pooled[arm].above[k] = (pooled[arm].above[k] ?? 0) + n));
    pooled[arm].lost += lost / seeds.length;
    pooled[arm].cpu += f.cpuPerWindowMs / seeds.length;
    console.info(
      `seed ${s} element ${element} arm ${arm}: ${f.names.length} features [${f.names.join(', ')}]; above ${CASES.map((c, k) => `${c} ${above[k]}/${TESTS}`).join(', ')}; lost ${(100 * lost).toFixed(1)} %; CPU ${f.cpuPerWindowMs.toFixed(1)} ms a window`,
    );
  }
  console.info(`seed ${s}: ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
}
const n = seeds.length * TESTS;
for (const arm of ARMS) {
  const { above, lost, cpu } = pooled[arm];
  const damaged = above.slice(1).reduce((a, b) => a + b, 0);
  console.info(
    `pooled seeds ${seeds.join(',')} arm ${arm}: ${CASES.map((c, k) => `${c} ${above[k]}/${n}`).join(', ')}; damaged pooled ${damaged}/${3 * n} (${((100 * damaged) / (3 * n)).toFixed(1)} %); healthy ${((100 * (above[0] ?? 0)) / n).toFixed(1)} %; lost ${(100 * lost).toFixed(1)} %; CPU ${cpu.toFixed(1)} ms a window`,
  );
}
console.info(`${((performance.now() - started) / 1000).toFixed(0)} s`);
