/**
 * The stored analysis' sensor checks (decision 048) on the demo's healthy simulated streams: how
 * many sensor faults each demo bridge with data would raise at the end of its history, its own
 * injected faults (a dropout, a silent gauge) aside. `npx tsx tests/bench/sensor-faults-demo.ts`.
 * The same composition as server/analysis/sensor-health-check.ts, without the database.
 */

import { steppedWithNeighbours } from '../../server/analytics/sensor-validation/neighbour-steps.ts';
import {
  meanWindow,
  recentFaults,
  sampleGrid,
} from '../../server/analytics/sensor-validation/recent-faults.ts';
import {
  fitThermalModel,
  thermalPrediction,
} from '../../server/analytics/sensor-validation/thermal-model.ts';
import { defaultValidation } from '../../server/analytics/sensor-validation/thresholds.ts';
import type { WindowSummary } from '../../server/analytics/sensor-validation/types.ts';
import { summariseWindows } from '../../server/analytics/sensor-validation/window-summary.ts';
import { DEMO_BRIDGES_WITH_DATA, demoTimeline } from '../../server/demo/demo-fleet.ts';
import { demoScenario } from '../../server/demo/demo-scenarios.ts';
import { simulateBlocks } from '../../server/sim/bridge-simulator.ts';

const DAY_MS = 86_400_000;
const WINDOW_MS = 600_000;
const SPAN_DAYS = 8;
const log = (line = '') => process.stdout.write(`${line}\n`);

function slotMeans(blocks: { startMs: number; rateHz: number; values: number[] }[], from: number) {
  const sums = new Float64Array((SPAN_DAYS * DAY_MS) / WINDOW_MS);
  const counts = new Float64Array(sums.length);
  for (const b of blocks) {
    b.values.forEach((v, i) => {
      const slot = Math.floor((b.startMs + (i * 1000) / b.rateHz - from) / WINDOW_MS);
      if (slot >= 0 && slot < sums.length && Number.isFinite(v)) {
        sums[slot] = (sums[slot] ?? 0) + v;
        counts[slot] = (counts[slot] ?? 0) + 1;
      }
    });
  }
  return Array.from(sums, (s, i) => ((counts[i] ?? 0) > 0 ? s / (counts[i] ?? 1) : NaN));
}

log('| demo bridge | streams checked | faults (kind on stream) | injected by the demo |');
log('|---|---|---|---|');
for (const bridge of DEMO_BRIDGES_WITH_DATA) {
  const timeline = demoTimeline(Date.UTC(2026, 10, 29), SPAN_DAYS);
  const scenario = demoScenario(bridge, timeline);
  const quasi = scenario.streams.filter((s) => s.dataType !== 'acceleration');
  const from = timeline.start;
  const end = timeline.end;
  const byStream = new Map<string, { startMs: number; rateHz: number; values: number[] }[]>();
  for (const block of simulateBlocks(scenario, {
    from,
    to: end,
    blockSeconds: 600,
    streams: quasi.map((s) => s.id),
  })) {
    const list = byStream.get(block.stream) ?? [];
    list.push({ startMs: Date.parse(block.start), rateHz: block.rate_hz, values: block.values });
    byStream.set(block.stream, list);
  }
  const thermometer = quasi.find((s) => s.dataType === 'temperature');
  const temperatures = thermometer ? slotMeans(byStream.get(thermometer.id) ?? [], from) : null;
  const checked: {
    id: string;
    detail: WindowSummary[];
    faults: ReturnType<typeof recentFaults>;
  }[] = [];
  for (const stream of quasi.filter((s) => s.dataType !== 'temperature')) {
    const blocks = byStream.get(stream.id) ?? [];
    const means = slotMeans(blocks, from);
    const fit = means.length - DAY_MS / WINDOW_MS;
    const model = temperatures
      ? fitThermalModel(means.slice(0, fit), temperatures.slice(0, fit))
      : null;
    const dayFrom = end - DAY_MS;
    const rate = stream.rateHz;
    const detail = summariseWindows(
      sampleGrid(blocks, rate, dayFrom, end),
      rate,
      dayFrom,
      Math.round((WINDOW_MS / 1000) * rate),
    );
    const unit = stream.dataType === 'strain' ? 'µε' : undefined;
    const faults = recentFaults(
      {
        means: means.map((m, i) => meanWindow(from + i * WINDOW_MS, WINDOW_MS, m, 1)),
        ...(model && temperatures
          ? { reference: { mean: thermalPrediction(model, temperatures) } }
          : {}),
        detail,
        checkStuck: true,
        checkDrift: unit !== undefined,
      },
      defaultValidation(WINDOW_MS, unit),
    ).filter((f) => f.kind === 'drift' || f.kind === 'offset' || f.kind === 'clipping');
    checked.push({ id: stream.id, detail, faults });
  }
  const raised = checked.flatMap((c) =>
    c.faults
      .filter(
        (f) =>
          !steppedWithNeighbours(
            f,
            checked.filter((o) => o.id !== c.id).map((o) => o.detail),
          ),
      )
      .map((f) => `${f.kind} on ${c.id}`),
  );
  const injected = scenario.faults.map((f) => `${f.kind} on ${f.stream}`).join(', ') || 'none';
  log(`| ${bridge.name} | ${checked.length} | ${raised.join(', ') || '0'} | ${injected} |`);
}
