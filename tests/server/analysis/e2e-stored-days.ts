import type { BridgeStream, StoredBlock } from '../../../server/analysis/bridge-streams.ts';
import { simulateBlocks } from '../../../server/sim/bridge-simulator.ts';
import { simulateBursts } from '../../../server/sim/burst-simulator.ts';
import { E2E_BURSTS, e2eScenario, e2eTimeline } from '../../bench/e2e-scenario.ts';

const DAY_MS = 86_400_000;

/**
 * The end-to-end bench's bridge as the analysis reads it from storage: its data streams (ids
 * from 1) and any day's blocks (steady streams in 10-minute blocks, accelerometers in bursts).
 */
export function e2eStoredDays(seed: number) {
  const timeline = e2eTimeline(14);
  const scenario = e2eScenario(seed, timeline);
  const streams: BridgeStream[] = scenario.streams.map((s, i) => ({
    id: i + 1,
    streamId: s.id,
    dataType: s.dataType,
    status: 'active',
  }));
  const idOf = new Map(streams.map((s) => [s.streamId, s.id]));
  const steady = scenario.streams.filter((s) => s.dataType !== 'acceleration').map((s) => s.id);
  const storedDay = (from: number): StoredBlock[] =>
    [
      ...simulateBlocks(scenario, { from, to: from + DAY_MS, blockSeconds: 600, streams: steady }),
      ...simulateBursts(scenario, { from, to: from + DAY_MS, schedule: E2E_BURSTS }),
    ].map((b) => ({
      datastreamId: idOf.get(b.stream) ?? 0,
      startMs: Date.parse(b.start),
      rateHz: b.rate_hz,
      values: Float64Array.from(b.values),
    }));
  return { timeline, streams, storedDay };
}
