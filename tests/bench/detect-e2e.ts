// The end-to-end part of bench:detect (issue 15): the product's own analysis (evaluateBridge and
// everything under it: stored blocks, series, Welch PSD, peak picking, mode trackers, training
// and retraining, episodes, the alerts) on raw simulated sensor data replayed day by day from a
// summer commissioning through a first winter with frost to late damage. The healthy bridge
// and its damaged twins (1, 2 and 5 % on the first bending mode) share every day before the
// damage: that part runs once and the database is copied for each of them.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluateBridge } from '../../server/analysis/analyse-bridge.ts';
import { createAnalysisRepository } from '../../server/analysis/analysis-repository.ts';
import { createMaintenanceRepository } from '../../server/maintenance/maintenance-repository.ts';
import type { Schemas } from '../../server/contract-types.ts';
import { createServices, type Services } from '../../server/services.ts';
import { simulateBlocks } from '../../server/sim/bridge-simulator.ts';
import { simulateBursts } from '../../server/sim/burst-simulator.ts';
import { createClimate } from '../../server/sim/climate.ts';
import type { BridgeScenario } from '../../server/sim/scenario.ts';
import { testConfig } from '../helpers/test-app.ts';
import { simulatedBridge } from '../server/analysis/analysis-fixtures.ts';
import { type BenchDatabase, freshBenchDatabase } from './e2e-database.ts';
import {
  ACCELEROMETER,
  E2E_BURSTS,
  e2eScenario,
  e2eTimeline,
  type E2eTimeline,
} from './e2e-scenario.ts';
import {
  detection,
  distinctEpisodes,
  episodesWithin,
  perBridgeYear,
  type ReportedEpisode,
  type Span,
} from './e2e-scoring.ts';

const DAY_MS = 86_400_000;
const DAMAGE_PERCENTS = [1, 2, 5];
const BRIDGE_NAME = 'E2E Bridge';

type Report = Schemas['AnomalyReport'];

interface EpisodeSeen extends ReportedEpisode {
  lead: string | null;
  shift: Schemas['FrequencyShift'] | null;
}

/** What the replay keeps of each evaluation. */
interface Evaluation {
  at: number;
  episodes: EpisodeSeen[];
  rebaselining: boolean;
  missingModeRate: number | null;
  scoredWindows: number;
  sensorFaults: string[];
}

/** Every evaluation of one bridge, and each window as it was first judged. */
export interface Replay {
  evaluations: Evaluation[];
  /** Window start → outside the learned conditions when first scored. */
  firstJudged: Map<number, boolean>;
  /**
   * Window start → its error when first scored and the thresholds it was judged against: kept
   * in the record file so other episode rules can be tried on a run without running it again.
   */
  firstScores: Map<number, { error: number; threshold: number; alarmThreshold: number | null }>;
  trainedAt: Set<string>;
  storeMs: number;
  analysisMs: number;
}

const newReplay = (): Replay => ({
  evaluations: [],
  firstJudged: new Map(),
  firstScores: new Map(),
  trainedAt: new Set(),
  storeMs: 0,
  analysisMs: 0,
});

function* dayBlocks(scenario: BridgeScenario, from: number, to: number) {
  const steady = scenario.streams.filter((s) => s.dataType !== 'acceleration').map((s) => s.id);
  yield* simulateBlocks(scenario, { from, to, blockSeconds: 600, streams: steady });
  yield* simulateBursts(scenario, { from, to, schedule: E2E_BURSTS });
}

async function storeDay(services: Services, scenario: BridgeScenario, from: number) {
  const { ingest } = services;
  const batch = [...dayBlocks(scenario, from, from + DAY_MS)].map((block) => ({
    stream_id: block.stream,
    start: block.start,
    rate_hz: block.rate_hz,
    // Five decimals is finer than the sensors' noise and halves what the database parses.
    values: block.values.map((v) => Math.round(v * 1e5) / 1e5),
  }));
  const result = await ingest.ingest(batch, { anyBridge: true });
  if (result.rejected.length > 0) throw new Error(JSON.stringify(result.rejected[0]));
}

function remember(replay: Replay, at: number, report: Report, sensorFaults: string[]): void {
  const scored = report.windows.filter((w) => w.error !== null);
  for (const w of scored) {
    const start = Date.parse(w.start);
    if (!replay.firstJudged.has(start)) {
      replay.firstJudged.set(start, w.outside_learned_conditions === true);
      replay.firstScores.set(start, {
        error: w.error ?? Number.NaN,
        threshold: report.threshold,
        alarmThreshold: report.alarm_threshold ?? null,
      });
    }
  }
  if (!report.rebaselining) replay.trainedAt.add(report.trained_at);
  replay.evaluations.push({
    at,
    episodes: (report.events ?? []).map((e) => ({
      start: Date.parse(e.start),
      end: Date.parse(e.end),
      reportedAt: at,
      lead: e.top_contributors[0]?.feature ?? null,
      shift: e.frequency_shift ?? null,
    })),
    rebaselining: report.rebaselining !== undefined,
    missingModeRate: report.missing_mode_rate ?? null,
    scoredWindows: scored.length,
    sensorFaults,
  });
}

interface Bridge {
  id: number;
  accelerometerSensor: number;
}

/**
 * Whether the replay evaluates once the data reaches `dayEnd`: every BENCH_E2E_EVERY_DAYS days
 * (default 7: each evaluation's 7-day period then follows the last one's, so every window is
 * judged once), and after each day of the week after the damage begins, when the delay is
 * measured. The product evaluates minutes after new data arrives; replaying 14 months that way
 * would take hours, and the episodes' onsets are the same at either cadence.
 */
function evaluatesAfter(dayEnd: number, timeline: E2eTimeline, span: Span): boolean {
  const every = knob('BENCH_E2E_EVERY_DAYS', 7, 1, 7);
  const sinceCommissioning = Math.round((dayEnd - timeline.commissioned) / DAY_MS);
  const firstWeekOfDamage =
    dayEnd > timeline.damageFrom && dayEnd <= timeline.damageFrom + 7 * DAY_MS;
  // Sensor health is checked over the last day before each evaluation: daily around the fault.
  const aroundFault =
    dayEnd > timeline.faultFrom - DAY_MS && dayEnd <= timeline.faultTo + 2 * DAY_MS;
  return sinceCommissioning % every === 0 || firstWeekOfDamage || aroundFault || dayEnd >= span.end;
}

/** Stores [from, to) day by day and evaluates as the scheduler would (evaluatesAfter). */
async function replayDays(
  bench: BenchDatabase,
  bridge: Bridge,
  scenario: BridgeScenario,
  span: Span,
  timeline: E2eTimeline,
  replay: Replay,
  label: string,
): Promise<void> {
  const services = createServices(testConfig, bench.database);
  const repository = createAnalysisRepository(bench.database.db);
  const started = performance.now();
  let printed = span.start;
  for (let day = span.start; day < span.end; day += DAY_MS) {
    if (day === Math.floor(timeline.faultTo / DAY_MS) * DAY_MS) {
      // The stuck accelerometer is replaced: staff record it in the maintenance register.
      await createMaintenanceRepository(bench.database.db).add({
        bridgeId: bridge.id,
        occurredOn: new Date(day).toISOString().slice(0, 10),
        kind: 'sensor_replacement',
        sensorId: bridge.accelerometerSensor,
        note: 'Accelerometer stuck since the 10th, replaced',
      });
    }
    let t0 = performance.now();
    await storeDay(services, scenario, day);
    replay.storeMs += performance.now() - t0;
    if (!evaluatesAfter(day + DAY_MS, timeline, span)) continue;
    t0 = performance.now();
    const result = await evaluateBridge(services, bridge.id);
    if (result.kind === 'evaluated') {
      await services.alerts.analysisCompleted(result.outcome);
      const report = (await repository.findResult(bridge.id))?.report as Report | undefined;
      if (report) {
        const faults = (result.outcome.sensorFaults ?? []).map((f) => f.streamId);
        remember(replay, day + DAY_MS, report, faults);
      }
    }
    replay.analysisMs += performance.now() - t0;
    if (day + DAY_MS - printed >= 28 * DAY_MS || day + DAY_MS >= span.end) {
      printed = day + DAY_MS;
      console.error(progressLine(label, replay, printed, performance.now() - started));
    }
  }
}

function progressLine(label: string, replay: Replay, at: number, elapsedMs: number): string {
  const episodes = distinctEpisodes(replay.evaluations.flatMap((e) => e.episodes)).length;
  const recent = [...replay.firstJudged].filter(([t]) => t >= at - 30 * DAY_MS);
  const outside = recent.filter(([, out]) => out).length;
  const month = { start: at - 30 * DAY_MS, end: at };
  const faults = new Set(replay.evaluations.flatMap((e) => e.sensorFaults)).size;
  const leads = new Map<string, number>();
  for (const e of explainedEpisodes(replay).filter((e) => e.start >= at - 28 * DAY_MS)) {
    const lead = e.lead ?? 'none';
    leads.set(lead, (leads.get(lead) ?? 0) + 1);
  }
  const led = [...leads].map(([feature, n]) => `${feature} ×${n}`).join(', ');
  return `[e2e ${label}] data to ${new Date(at).toISOString().slice(0, 10)}: ${replay.evaluations.length} evaluations, ${replay.trainedAt.size} trainings, ${episodes} episodes, ${faults} streams with a sensor fault so far; last 30 days ${percent(outside / Math.max(1, recent.length))} outside learned, missing modes ${percent(missingModes(replay, month))}, episodes led by ${led || 'none'}; ${(elapsedMs / 1000).toFixed(0)} s (store ${(replay.storeMs / 1000).toFixed(0)} s, analysis ${(replay.analysisMs / 1000).toFixed(0)} s)`;
}

const percent = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)} %` : 'n/a');
const day = (t: number) => new Date(t).toISOString().slice(0, 16).replace('T', ' ');

/** The share of windows (first judgements in the range) outside the learned conditions. */
function outsideShare(replay: Replay, range: Span): number {
  const judged = [...replay.firstJudged].filter(([t]) => t >= range.start && t < range.end);
  return judged.filter(([, out]) => out).length / judged.length;
}

/** Missing-mode rate of the evaluations that ran in the range, weighted by windows scored. */
function missingModes(replay: Replay, range: Span): number {
  let missing = 0;
  let windows = 0;
  for (const e of replay.evaluations) {
    if (e.at <= range.start || e.at > range.end || e.missingModeRate === null) continue;
    missing += e.missingModeRate * e.scoredWindows;
    windows += e.scoredWindows;
  }
  return missing / windows;
}

const allEpisodes = (replay: Replay): EpisodeSeen[] =>
  replay.evaluations.flatMap((e) => e.episodes);

/** The distinct episodes with what the evaluation that first reported each said of it. */
function explainedEpisodes(replay: Replay) {
  const seen = allEpisodes(replay);
  return distinctEpisodes(seen).map((episode) => {
    const first = seen.find(
      (e) =>
        e.reportedAt === episode.reportedAt && e.start <= episode.end && e.end >= episode.start,
    );
    return { ...episode, lead: first?.lead ?? null, shift: first?.shift ?? null };
  });
}

function shiftText(shift: Schemas['FrequencyShift'] | null): string {
  return shift ? `${shift.feature} ${shift.shift_percent.toFixed(2)} %` : '–';
}

export function report(
  seed: number,
  timeline: E2eTimeline,
  healthy: Replay,
  twins: Map<number, Replay>,
  scenario: BridgeScenario,
): void {
  const climate = createClimate(scenario.climate, scenario.seed);
  const judged = { start: timeline.commissioned, end: timeline.end };
  const months = Math.round((timeline.end - timeline.commissioned) / (30.44 * DAY_MS));
  console.log(
    `\n## End to end (the product's analysis on raw simulated data): ${months} months from ${day(timeline.commissioned).slice(0, 10)}, seed ${seed}, evaluated every ${knob('BENCH_E2E_EVERY_DAYS', 7, 1, 7)} days (daily around the fault and in the week after the onset)`,
  );
  console.log(
    `One 45 m span, modes near 2.05 and 2.35 Hz (frost lifts them up to 8 %), deck 3 h behind the air, 60 s bursts at 9 Hz every 10 min, accelerometer stuck ${day(timeline.faultFrom)} to ${day(timeline.faultTo)} then replaced (maintenance register), damage to the first bending mode from ${day(timeline.damageFrom)}.`,
  );
  const afterOnset = { start: timeline.damageFrom, end: timeline.end };
  console.log(
    '\n| damage | detection delay (onset → first episode; goal 2 % ≤ 48 h) | reported by the daily evaluation | episodes after onset | lead feature and stated shift of the first | outside learned conditions after onset | missing-mode rate after onset |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [drop, replay] of [[0, healthy] as const, ...twins]) {
    const found = detection(allEpisodes(replay), timeline.damageFrom);
    const after = explainedEpisodes(replay).filter((e) => e.start >= timeline.damageFrom);
    console.log(
      `| ${drop === 0 ? 'none (healthy twin)' : `${drop} %`} | ${found ? `${found.onsetHours.toFixed(1)} h` : 'never'} | ${found ? `${found.reportedHours.toFixed(0)} h` : '–'} | ${after.length} | ${after[0] ? `${after[0].lead ?? '–'}; ${shiftText(after[0].shift)}` : '–'} | ${percent(outsideShare(replay, afterOnset))} | ${percent(missingModes(replay, afterOnset))} |`,
    );
  }

  const firstEvaluation = healthy.evaluations.find((e) => !e.rebaselining)?.at ?? judged.start;
  const watched = { start: firstEvaluation - 7 * DAY_MS, end: timeline.end };
  const falseAll = episodesWithin(allEpisodes(healthy), watched);
  const falseWinter = episodesWithin(allEpisodes(healthy), {
    start: timeline.firstWinter.from,
    end: timeline.firstWinter.to,
  });
  const winter = { start: timeline.firstWinter.from, end: timeline.firstWinter.to };
  const fault = { start: timeline.faultFrom, end: timeline.faultTo + DAY_MS };
  const faultAlerted = healthy.evaluations.find(
    (e) => e.at > fault.start && e.at <= fault.end && e.sensorFaults.includes(ACCELEROMETER),
  );
  const faultEpisodes = distinctEpisodes(allEpisodes(healthy)).filter(
    (e) => e.start < fault.end && e.end > fault.start,
  );
  console.log(
    "\n| healthy twin | false alarm episodes (n, per bridge-year; goal ≤ 1) | first winter, Nov–Mar (n, per bridge-year) | windows outside learned conditions (whole run / first winter) | missing-mode rate (whole run / first winter) | stuck accelerometer → 'Sensor fault' alert | structural episodes during the fault | trainings |",
  );
  console.log('|---|---|---|---|---|---|---|---|');
  console.log(
    `| seed ${seed} | ${falseAll.length}, ${perBridgeYear(falseAll.length, watched).toFixed(1)} | ${falseWinter.length}, ${perBridgeYear(falseWinter.length, winter).toFixed(1)} | ${percent(outsideShare(healthy, watched))} / ${percent(outsideShare(healthy, winter))} | ${percent(missingModes(healthy, watched))} / ${percent(missingModes(healthy, winter))} | ${faultAlerted ? `yes, ${((faultAlerted.at - fault.start) / 3_600_000).toFixed(0)} h after it stuck` : 'no'} | ${faultEpisodes.length} | ${healthy.trainedAt.size} |`,
  );

  const explained = explainedEpisodes(healthy);
  if (explained.length > 0) {
    console.log("\nThe healthy twin's episodes (what led each, and the weather when it began):");
    console.log('| start | hours | lead feature | frequency shift | air °C | deck °C |');
    console.log('|---|---|---|---|---|---|');
    for (const e of explained.slice(0, 25)) {
      console.log(
        `| ${day(e.start)} | ${((e.end - e.start) / 3_600_000).toFixed(1)} | ${e.lead ?? '–'} | ${shiftText(e.shift)} | ${climate.temperatureAt(e.start).toFixed(1)} | ${climate.deckTemperatureAt(e.start).toFixed(1)} |`,
      );
    }
    if (explained.length > 25) console.log(`(${explained.length - 25} more)`);
  }

  console.log('\nHealthy twin by month:');
  console.log(
    '| month | episodes | outside learned conditions | missing-mode rate | mean air °C |',
  );
  console.log('|---|---|---|---|---|');
  for (let m = 0; m < months; m += 1) {
    const from = Date.UTC(2025, 6 + m, 1);
    const range = { start: from, end: Date.UTC(2025, 7 + m, 1) };
    let air = 0;
    for (let t = range.start; t < range.end; t += 3_600_000) air += climate.temperatureAt(t);
    air /= (range.end - range.start) / 3_600_000;
    console.log(
      `| ${day(from).slice(0, 7)} | ${episodesWithin(allEpisodes(healthy), range).length} | ${percent(outsideShare(healthy, range))} | ${percent(missingModes(healthy, range))} | ${air.toFixed(1)} |`,
    );
  }
  const seconds = (r: Replay) => (r.storeMs + r.analysisMs) / 1000;
  console.log(
    `\nTime: healthy twin ${seconds(healthy).toFixed(0)} s (store ${(healthy.storeMs / 1000).toFixed(0)} s, analysis ${(healthy.analysisMs / 1000).toFixed(0)} s); twins after the onset ${[...twins.values()].map((r) => `${seconds(r).toFixed(0)} s`).join(', ')}`,
  );
}

const serialisable = (replay: Replay) => ({
  ...replay,
  firstJudged: [...replay.firstJudged],
  firstScores: [...replay.firstScores],
  trainedAt: [...replay.trainedAt],
});

function knob(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  }
  return value;
}

export async function endToEnd(): Promise<void> {
  const months = knob('BENCH_E2E_MONTHS', 14, 2, 36);
  const seed = knob('BENCH_E2E_SEED', 1, 0, 2 ** 31 - 1);
  const timeline = e2eTimeline(months);
  const healthyScenario = e2eScenario(seed, timeline);
  const common = await freshBenchDatabase();
  const created = await simulatedBridge(createServices(testConfig, common.database), {
    name: BRIDGE_NAME,
    scenario: healthyScenario,
    from: timeline.commissioned,
    days: 0,
  });
  const bridge = {
    id: created.bridge.id,
    accelerometerSensor: created.sensors.get(ACCELEROMETER) ?? 0,
  };
  const before = newReplay();
  const shared = { start: timeline.commissioned, end: timeline.damageFrom };
  await replayDays(common, bridge, healthyScenario, shared, timeline, before, 'common');
  const frozen = await common.freeze();
  const afterOnset = { start: timeline.damageFrom, end: timeline.end };
  const continued = async (drop: number): Promise<Replay> => {
    const copy = await frozen.open();
    // The twin's evaluations before the onset are the shared ones.
    const replay: Replay = {
      ...before,
      evaluations: [...before.evaluations],
      firstJudged: new Map(before.firstJudged),
      firstScores: new Map(before.firstScores),
      trainedAt: new Set(before.trainedAt),
      storeMs: 0,
      analysisMs: 0,
    };
    try {
      const scenario = e2eScenario(seed, timeline, drop);
      await replayDays(copy, bridge, scenario, afterOnset, timeline, replay, `${drop} %`);
    } finally {
      await copy.drop();
    }
    return replay;
  };
  try {
    const healthy = await continued(0);
    healthy.storeMs += before.storeMs;
    healthy.analysisMs += before.analysisMs;
    const twins = new Map<number, Replay>();
    for (const drop of DAMAGE_PERCENTS) twins.set(drop, await continued(drop));
    // The raw record goes to a file first, so a table can be re-read without running again.
    const dump = join(tmpdir(), `spanwatch-e2e-seed${seed}-${months}m.json`);
    writeFileSync(
      dump,
      JSON.stringify({
        seed,
        timeline,
        healthy: serialisable(healthy),
        twins: [...twins].map(([d, r]) => [d, serialisable(r)]),
      }),
    );
    console.error(`[e2e] evaluations written to ${dump}`);
    report(seed, timeline, healthy, twins, healthyScenario);
  } finally {
    await frozen.discard();
  }
}
