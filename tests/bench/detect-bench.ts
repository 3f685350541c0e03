// npm run bench:detect: detection quality, Yonghe sanity check, forecast accuracy and speed
// (issue 8, Quality and speed), calibrated alarms and streams that adapt (issue 15). The issue 8
// parts and the calibrated alarms are feature-level: true frequencies plus noise, not the product's
// pipeline; the e2e part (detect-e2e.ts) runs the product's own analysis on raw simulated data.
// Not part of npm test; takes a few minutes.
import { at } from '../../server/analytics/at.ts';
import { readFileSync } from 'node:fs';
import { parseChannelCsv } from '../../server/analytics/csv-table.ts';
import { detectTable } from '../../server/analytics/detect.ts';
import { METHODS } from '../../server/analytics/detector-types.ts';
import { forecastIndicator, mase, seasonalNaive } from '../../server/analytics/forecast.ts';
import { compensatedFrequency, dailyMeans } from '../../server/analytics/health-indicator.ts';
import { simulateFeatureWindows } from '../../server/sim/feature-generator.ts';
import { createScenario } from '../../server/sim/scenarios.ts';
import { benchCase, BASELINE_FROM, TEST_FROM } from './detect-scenarios.ts';

const DAY = 86_400_000;
import { evaluate, trainFor, type CaseResult } from './detect-metrics.ts';
import { calibratedAlarms } from './detect-calibration.ts';
import { streamingScores } from './detect-streaming.ts';
import { streamScenarios } from './stream-scenarios.ts';
import { detectStream } from '../../server/analytics/streaming-detector.ts';
import { endToEnd } from './detect-e2e.ts';
import { issue29Bench } from './detect-issue29.ts';
import { referencePathBench } from './reference-path-issue29.ts';
import { defaultMethodBench } from './detect-default-method.ts';

const percent = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(2)} %` : 'n/a');

async function simulatorScenarios(): Promise<void> {
  console.log(
    '## Feature-level simulator: one year of hourly baseline, 16 monitored winter weeks, damage from week 9',
  );
  console.log(
    '| damage | method | detected (damaged windows) | false alarms (healthy) | inside baseline range | colder than baseline (n) | delay | training |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const drop of [1, 2, 5]) {
    const c = benchCase(drop, 11);
    for (const method of METHODS) {
      const r: CaseResult = await evaluate(method, c);
      console.log(
        `| ${c.name} | ${method} | ${percent(r.detectionRate)} of ${r.damagedWindows} | ${percent(r.falseAlarmRate)} of ${r.healthyWindows} | ${percent(r.insideFalseAlarmRate)} | ${percent(r.outsideFalseAlarmRate)} (${r.outsideWindows}) | ${r.delayHours ?? 'never'} h | ${r.trainingS.toFixed(1)} s |`,
      );
    }
    console.error(
      `skipped (declared faulty sensors): ${c.declaredFaulty.filter(Boolean).length} windows`,
    );
  }
}

async function yonghe(): Promise<void> {
  const text = readFileSync(
    new URL('../../../shared/data/yonghe-bridge-frequencies.csv', import.meta.url),
    'utf8',
  );
  // Keep sample and f1..f4; the label and split columns are the truth, not channels.
  const csv = text
    .trim()
    .split('\n')
    .map((line) =>
      line
        .split(',')
        .filter((_, i) => i === 0 || (i >= 2 && i <= 5))
        .join(','),
    )
    .join('\n');
  const table = parseChannelCsv(csv);
  console.log('\n## Feature-level Yonghe bridge (train on samples 1-144), default targets');
  console.log('| method | false alarms 145-192 | detected 193-216 | threshold |');
  console.log('|---|---|---|---|');
  for (const method of METHODS) {
    const result = await detectTable(table, {
      baselineRows: 144,
      contextColumns: [],
      method,
      seed: 1,
    });
    const flagged = new Set(result.anomaly_indices);
    const count = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => from + k).filter((i) => flagged.has(i)).length;
    console.log(
      `| ${method} | ${count(144, 192)} / 48 | ${count(192, 216)} / 24 | ${result.threshold.toFixed(3)} |`,
    );
  }
}

async function speed(): Promise<void> {
  const c = benchCase(0, 21);
  const ten = {
    ...c,
    set: {
      ...c.set,
      windows: c.set.windows.map((w) => ({ ...w, features: w.features.slice(0, 10) })),
    },
  };
  console.log('\n## Feature-level speed (one core; ten-feature vectors plus temperature)');
  console.log('| method | vectors scored per second | training on 8,760 hourly windows |');
  console.log('|---|---|---|');
  const vectors = ten.set.windows.map((w) => w.features);
  for (const method of METHODS) {
    const detector = await trainFor(method, ten);
    const total = 300_000;
    let sink = 0;
    const started = performance.now();
    for (let i = 0; i < total; i += 1) {
      const w = at(ten.set.windows, i % vectors.length);
      sink += detector.score(w.features, [w.temperatureC]);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `| ${method} | ${Math.round(total / seconds).toLocaleString('en')} | ${(detector.trainingMs / 1000).toFixed(1)} s |${Number.isNaN(sink) ? ' (NaN seen)' : ''}`,
    );
  }
  // The streaming method: one channel, 300,000 rows of the streaming scenarios end to end.
  const rows = streamScenarios().flatMap((s) => s.values);
  const values = Array.from({ length: 300_000 }, (_, i) => at(rows, i % rows.length));
  const started = performance.now();
  detectStream(values, { baselineRows: 4000, targetFalseAlarmRate: 0.001 });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `| streaming | ${Math.round(values.length / seconds).toLocaleString('en')} | (fits while it runs) |`,
  );
}

const FORECAST_SEEDS = [31, 32, 33, 34, 35, 36, 37, 38];

/** One healthy bridge (seed): a year of daily indicator values, then four held-back weeks. */
function forecastCase(seed: number, coldSpell: boolean) {
  const scenario = createScenario({
    seed,
    climate: coldSpell
      ? { coldSpells: [{ from: TEST_FROM + 20 * DAY, to: TEST_FROM + 27 * DAY, deltaC: -8 }] }
      : {},
  });
  const set = simulateFeatureWindows(scenario, {
    from: BASELINE_FROM,
    to: TEST_FROM + 28 * DAY,
    windowSeconds: 3600,
  });
  const f1 = set.featureNames.indexOf('span-1.f1');
  const windows = set.windows;
  const indicator = compensatedFrequency(
    windows.map((w) => at(w.features, f1)),
    windows.map((w) => w.temperatureC),
    windows.filter((w) => w.start < TEST_FROM).length,
  );
  const days = dailyMeans(
    windows.map((w) => w.start),
    indicator,
    BASELINE_FROM,
    365 + 28,
  );
  const training = days.slice(0, 365);
  const heldBack = days.slice(365);
  const forecast = forecastIndicator(training, 28);
  const inside = (lower: number[], upper: number[]) =>
    heldBack.filter((v, h) => v >= at(lower, h) && v <= at(upper, h)).length / heldBack.length;
  return {
    mase: mase(heldBack, forecast.mean, training, 7),
    naiveMase: mase(heldBack, seasonalNaive(training, 28, 7), training, 7),
    inside80: inside(forecast.lower80, forecast.upper80),
    inside95: inside(forecast.lower95, forecast.upper95),
  };
}

// The compensated frequency of a healthy bridge is nearly white noise, so which of two forecasts
// wins on one 28-day stretch is largely luck: the figures are averaged over several bridges.
function forecastAccuracy(coldSpell: boolean): void {
  const cases = FORECAST_SEEDS.map((seed) => forecastCase(seed, coldSpell));
  const mean = (pick: (c: (typeof cases)[number]) => number) =>
    cases.reduce((sum, c) => sum + pick(c), 0) / cases.length;
  const wins = cases.filter((c) => c.mase < c.naiveMase).length;
  console.log(
    `\n## Forecast of the temperature-compensated f1 (daily), 4 held-back weeks, ${cases.length} simulated bridges${coldSpell ? ', with a cold spell colder than the baseline' : ''}`,
  );
  console.log(
    `mean MASE ${mean((c) => c.mase).toFixed(3)} (seasonal naive, weekly: ${mean((c) => c.naiveMase).toFixed(3)}); better than seasonal naive on ${wins} of ${cases.length}; per bridge ${cases.map((c) => `${c.mase.toFixed(2)}/${c.naiveMase.toFixed(2)}`).join(' ')}; 80 % band holds ${percent(mean((c) => c.inside80))}, 95 % band ${percent(mean((c) => c.inside95))}`,
  );
}

// BENCH_ONLY=forecast (or detection, yonghe, speed, calibration, streaming, issue29,
// issue29-stored, default, e2e) runs one part.
const only = process.env.BENCH_ONLY;
if (!only || only === 'detection') await simulatorScenarios();
if (!only || only === 'yonghe') await yonghe();
if (!only || only === 'forecast') {
  forecastAccuracy(false);
  forecastAccuracy(true);
}
if (!only || only === 'speed') await speed();
if (!only || only === 'calibration') await calibratedAlarms();
if (!only || only === 'streaming') streamingScores();
if (!only || only === 'issue29') issue29Bench();
if (!only || only === 'issue29-stored') referencePathBench();
if (!only || only === 'default') await defaultMethodBench();
if (!only || only === 'e2e') await endToEnd();
