// npm run bench:analytics — the per-bridge analysis service: scoring speed per core (goal:
// 85,000 ten-feature vectors per second), training time for a 21-day baseline, end-to-end
// analysis of one bridge with 30 days stored on PGlite, and the /ai/anomalies p95.
import type { InjectOptions } from 'fastify';
import { at } from '../../server/analytics/at.ts';
import { TRAINERS } from '../../server/analytics/detect.ts';
import {
  scoreControlChart,
  trainControlChart,
} from '../../server/analytics/control-chart-detector.ts';
import { restoreDetector, trainDetector } from '../../server/analytics/detector.ts';
import { METHODS } from '../../server/analytics/detector-types.ts';
import { analyseBridge } from '../../server/analysis/analyse-bridge.ts';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/client.ts';
import { createServices } from '../../server/services.ts';
import { simulateFeatureWindows } from '../../server/sim/feature-generator.ts';
import { createScenario } from '../../server/sim/scenarios.ts';
import { testConfig } from '../helpers/test-app.ts';
import {
  DAY_MS,
  START_MS,
  simulatedBridge,
  testScenario,
} from '../server/analysis/analysis-fixtures.ts';
import { percentile } from './bench-stats.ts';

const GOAL_PER_SECOND = 85_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function scoringAndTraining(): Promise<void> {
  const scenario = createScenario({ seed: 5 });
  const set = simulateFeatureWindows(scenario, {
    from: START_MS,
    to: START_MS + 21 * DAY_MS,
    windowSeconds: 600,
  });
  const windows = set.windows.map((w) => ({ ...w, features: w.features.slice(0, 10) }));
  const features = windows.map((w) => w.features);
  const context = windows.map((w) => [w.temperatureC]);
  console.log(`\n## Scoring speed and training (${windows.length} windows = 21 days of 10 min)`);
  console.log('| method | vectors scored per second (one core) | vs goal 85,000/s | training |');
  console.log('|---|---|---|---|');
  for (const method of METHODS) {
    const trained = await trainDetector(method, TRAINERS[method], { features, context });
    // Score with the detector as a worker restores it from analysis_models.model.
    const detector = restoreDetector(JSON.parse(JSON.stringify(trained.model)));
    const total = 300_000;
    let sink = 0;
    const started = performance.now();
    for (let i = 0; i < total; i += 1) {
      const k = i % features.length;
      sink += detector.score(at(features, k), at(context, k));
    }
    const perSecond = total / ((performance.now() - started) / 1000);
    console.log(
      `| ${method} | ${Math.round(perSecond).toLocaleString('en')} | ${(perSecond / GOAL_PER_SECOND).toFixed(2)}× | ${seconds(trained.trainingMs)} |${Number.isNaN(sink) ? ' (NaN seen)' : ''}`,
    );
  }
  controlChartSpeed(features, context);
}

/** The control charts (issue 29) score a series in order: the same vectors, repeated. */
export function controlChartSpeed(features: number[][], context: number[][]): void {
  const trainingStarted = performance.now();
  const detector = trainControlChart({ features, context });
  const trainingMs = performance.now() - trainingStarted;
  const total = 300_000;
  const rows = {
    features: Array.from({ length: total }, (_, i) => at(features, i % features.length)),
    context: Array.from({ length: total }, (_, i) => at(context, i % context.length)),
  };
  const started = performance.now();
  const { scores } = scoreControlChart(detector, rows);
  const perSecond = total / ((performance.now() - started) / 1000);
  console.log(
    `| control-chart | ${Math.round(perSecond).toLocaleString('en')} | ${(perSecond / GOAL_PER_SECOND).toFixed(2)}× | ${seconds(trainingMs)} | (${scores.length} scored)`,
  );
}

async function endToEnd(): Promise<void> {
  const database = openDatabase({});
  await database.migrate();
  const services = createServices(testConfig, database);
  console.log('\n## One bridge, 30 days stored (PGlite in memory; demo-like 20 Hz bursts)');
  let started = performance.now();
  const { bridge } = await simulatedBridge(services, {
    name: 'Bench Bridge',
    scenario: testScenario('bench', [], 20),
    days: 30,
  });
  console.log(
    `storing the 30 days (not part of the analysis): ${seconds(performance.now() - started)}`,
  );
  started = performance.now();
  await analyseBridge(services, bridge.id);
  console.log(
    `first analysis (training on 21 days + evaluation): ${seconds(performance.now() - started)}`,
  );
  started = performance.now();
  await analyseBridge(services, bridge.id);
  console.log(
    `next analysis (stored model, 7-day evaluation): ${seconds(performance.now() - started)}`,
  );

  const app = await buildApp({ config: testConfig, database });
  const staff = await services.users.create({
    username: 'bench',
    email: 'bench@example.ca',
    passwordHash: 'x',
    isStaff: true,
    company: 'Bench',
    address: 'Here',
  });
  const { access: token } = await services.sessions.start(staff.id);
  const times: number[] = [];
  for (let i = 0; i < 300; i += 1) {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'GET',
      url: `/api/v1/ai/anomalies?sid=${encodeURIComponent(bridge.name)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.statusCode !== 200) throw new Error(`anomalies answered ${response.statusCode}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `GET /ai/anomalies (1,008 windows): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms over ${times.length} requests`,
  );

  // Everything the dashboard asks for when it opens, sent together as the browser does; the
  // time is until the last answer arrives (issue 6 goal: under 300 ms p95).
  const sid = encodeURIComponent(bridge.name);
  const streams = (
    await app.inject({
      method: 'GET',
      url: '/api/v1/datastreams',
      headers: { authorization: `Bearer ${token}` },
    })
  ).json<{ id: number; last_seen: string | null }[]>();
  const calls: InjectOptions[] = [
    { method: 'GET', url: '/api/v1/bridges' },
    { method: 'GET', url: `/api/v1/ai/anomalies?sid=${sid}` },
    { method: 'GET', url: `/api/v1/ai/forecast?sid=${sid}` },
    { method: 'POST', url: '/api/v1/ai/predict/prediction', payload: { sid: bridge.name } },
    { method: 'GET', url: `/api/v1/alerts?bridge=${bridge.id}&state=all` },
    { method: 'GET', url: '/api/v1/datastreams' },
    { method: 'GET', url: '/api/v1/sensors' },
    ...streams.map((stream) => {
      const to = stream.last_seen ?? new Date().toISOString();
      const from = new Date(Date.parse(to) - DAY_MS).toISOString();
      return {
        method: 'GET',
        url: `/api/v1/datastreams/${stream.id}/readings?from=${from}&to=${to}`,
      };
    }),
  ];
  const dashboardTimes: number[] = [];
  for (let i = 0; i < 60; i += 1) {
    const t0 = performance.now();
    const answers = await Promise.all(
      calls.map((call) => app.inject({ ...call, headers: { authorization: `Bearer ${token}` } })),
    );
    const failed = answers.find((a) => a.statusCode !== 200);
    if (failed) throw new Error(`a dashboard call answered ${failed.statusCode}`);
    dashboardTimes.push(performance.now() - t0);
  }
  dashboardTimes.sort((a, b) => a - b);
  console.log(
    `Dashboard opening (${calls.length} calls incl. the PNG chart and 24 h of each of ${streams.length} streams): p50 ${percentile(dashboardTimes, 50).toFixed(0)} ms, p95 ${percentile(dashboardTimes, 95).toFixed(0)} ms over ${dashboardTimes.length} openings`,
  );
  await app.close();
  await database.close();
}

await scoringAndTraining();
await endToEnd();
