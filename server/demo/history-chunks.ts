import { createBridgeSimulator, type BridgeSimulator } from '../sim/bridge-simulator.ts';
import { simulateBursts } from '../sim/burst-simulator.ts';
import { encodeBatch, type EncodedBatch } from '../readings/bulk-block-writer.ts';
import { coalesceBlocks } from '../readings/block-duration.ts';
import { toStreamBlocks, type DemoBridgeData } from './demo-streams.ts';

const HOUR_MS = 3_600_000;
/**
 * Chunks of whole hours, so no roll-up bucket is split between two COPYs. Three hours rather
 * than six: every chunk is held in several copies at once (the simulating thread, the main
 * thread, the COPY blob), and halving them lowered a first start's peak (decision 039).
 */
const CHUNK_MS = 3 * HOUR_MS;
/** Continuous streams are stored as 10-minute blocks, the longest a block may cover. */
const CONTINUOUS_BLOCK_SECONDS = 600;

/** The chunk boundaries of [start, end): whole 3-hour periods (UTC), partial at both ends. */
export function historyChunks(start: number, end: number): [number, number][] {
  const chunks: [number, number][] = [];
  for (let from = start; from < end;) {
    const to = Math.min(end, (Math.floor(from / CHUNK_MS) + 1) * CHUNK_MS);
    chunks.push([from, to]);
    from = to;
  }
  return chunks;
}

/**
 * Simulates the demo bridges chunk after chunk (the continuous streams' simulators carry on from
 * one chunk to the next, so call it in time order) and encodes each chunk for the bulk writer.
 * Pure computation, so it can run on a worker thread beside the database.
 */
export function createHistoryEncoder(found: readonly DemoBridgeData[]) {
  const runs = found.map((data) => {
    const present = data.scenario.streams.filter((s) => data.streams.has(s.id));
    const ids = (acceleration: boolean) =>
      present.filter((s) => (s.dataType === 'acceleration') === acceleration).map((s) => s.id);
    const continuous: BridgeSimulator = createBridgeSimulator(data.scenario, data.timeline.start, {
      streams: ids(false),
      blockSeconds: CONTINUOUS_BLOCK_SECONDS,
    });
    return { data, accelerometers: ids(true), continuous, bursts: data.rates.bursts };
  });

  return function encodeChunk(from: number, to: number): EncodedBatch {
    // A bridge with a shorter history (a light one) joins once its own timeline has begun.
    const blocks = runs
      .filter(({ data }) => to > data.timeline.start)
      .flatMap(({ data, accelerometers, continuous, bursts }) => [
        // A gateway sends a burst as 10-second blocks; stored, the burst's blocks are joined
        // into blocks of the rate's duration (one a 60-s burst at 20 Hz): a row costs about
        // 130 bytes however few samples it holds (block-duration.ts, decision 075).
        ...toStreamBlocks(
          coalesceBlocks(
            simulateBursts(data.scenario, {
              from: Math.max(from, data.timeline.start),
              to,
              streams: accelerometers,
              schedule: bursts,
            }),
          ),
          data.streams,
        ),
        ...toStreamBlocks(continuous.advance(to), data.streams),
      ]);
    return encodeBatch(blocks);
  };
}
