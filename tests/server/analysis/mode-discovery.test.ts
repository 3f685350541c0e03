import { describe, expect, it } from 'vitest';
import type { BridgeStream, StoredBlock } from '../../../server/analysis/bridge-streams.ts';
import { planDataset } from '../../../server/analysis/dataset-plan.ts';
import { dayFeatures } from '../../../server/analysis/window-dataset.ts';
import { simulateBlocks } from '../../../server/sim/bridge-simulator.ts';
import { simulateBursts } from '../../../server/sim/burst-simulator.ts';
import { E2E_BURSTS, e2eScenario, e2eTimeline } from '../../bench/e2e-scenario.ts';

const DAY_MS = 86_400_000;
const timeline = e2eTimeline(14);
const scenario = e2eScenario(1, timeline);
const streams: BridgeStream[] = scenario.streams.map((s, i) => ({
  id: i + 1,
  streamId: s.id,
  dataType: s.dataType,
  status: 'active',
}));
const idOf = new Map(streams.map((s) => [s.streamId, s.id]));

function storedDay(from: number): StoredBlock[] {
  const steady = scenario.streams.filter((s) => s.dataType !== 'acceleration').map((s) => s.id);
  return [
    ...simulateBlocks(scenario, { from, to: from + DAY_MS, blockSeconds: 600, streams: steady }),
    ...simulateBursts(scenario, { from, to: from + DAY_MS, schedule: E2E_BURSTS }),
  ].map((b) => ({
    datastreamId: idOf.get(b.stream) ?? 0,
    startMs: Date.parse(b.start),
    rateHz: b.rate_hz,
    values: b.values,
  }));
}

describe('closely spaced modes (bending 2.05 Hz, torsion 2.35 Hz, 60 s bursts at 9 Hz)', () => {
  const plan = planDataset(
    streams,
    storedDay(timeline.commissioned),
    timeline.commissioned,
    timeline.commissioned + DAY_MS,
  );

  it('finds both modes on the commissioning day and resolves them in each window', () => {
    const [modal] = plan.modal;
    expect(modal?.initialHz).toHaveLength(2);
    const [bending, torsion] = modal?.initialHz ?? [];
    expect(bending).toBeGreaterThan(1.9);
    expect(bending).toBeLessThan(2.1);
    expect(torsion).toBeGreaterThan(2.2);
    expect(torsion).toBeLessThan(2.4);
    // Three bins between them at the window's resolution.
    expect((3 * 9) / (modal?.segmentLength ?? 1)).toBeLessThan((torsion ?? 0) - (bending ?? 0));
  });

  it('never swaps the bending mode for the torsion mode over two summer weeks', () => {
    let tracked: Record<string, number[]> = {};
    const bending: number[] = [];
    for (let day = 0; day < 14; day += 1) {
      const from = Date.UTC(2025, 6, 12) + day * DAY_MS;
      const result = dayFeatures(
        plan,
        plan.streams,
        storedDay(from),
        { from, to: from + DAY_MS },
        tracked,
      );
      tracked = { ...tracked, ...result.trackedHz };
      const column = result.featureNames.indexOf('e2e-s1-acc.f1');
      bending.push(...result.windows.map((w) => w.features[column] ?? Number.NaN));
    }
    const found = bending.filter(Number.isFinite);
    expect(found.length).toBeGreaterThan(0.9 * bending.length);
    expect(Math.max(...found)).toBeLessThan(2.2);
  });
});
