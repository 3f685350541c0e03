/**
 * How long a stored block may be, from its stream's rate (decision 075, amended 2026-12-01).
 *
 * Every stored block is one row: a tuple header, the fixed columns (stream, start, rate, n, min,
 * max, sum), a line pointer and a primary-key entry, about 130 bytes on PostgreSQL however few
 * samples it holds. At 200 samples a row (a 20 Hz accelerometer's 10-second blocks) that is
 * 0.65 bytes a sample beside values packed in about 1.6; at 1,000 samples it is 0.13. So where
 * a writer cuts or joins blocks itself (the demo's history), a block covers the shortest of the
 * durations below that holds at least `TARGET_BLOCK_SAMPLES` samples at the stream's rate, and
 * never more than `MAX_BLOCK_SECONDS` (the queries' look-back relies on it). The durations all
 * divide an hour, and a block lies inside one window of its duration counted from the epoch, so
 * no block straddles an hour (the roll-ups' buckets) or a 6-hour history chunk.
 */
import { MAX_BLOCK_SECONDS } from './block-limits.ts';

/** Samples a block should hold at least, where its rate allows it within `MAX_BLOCK_SECONDS`. */
export const TARGET_BLOCK_SAMPLES = 1000;

/** Block durations (seconds) a writer chooses from: each divides an hour (and the next one). */
export const DURATIONS = [1, 2, 5, 10, 15, 20, 30, 60, 120, 300, 600] as const;

/** The block duration in seconds for a stream sampled at `rateHz` (20 Hz: 60 s; 0.1 Hz: 600 s). */
export function blockSecondsFor(rateHz: number): number {
  if (!(rateHz > 0)) return MAX_BLOCK_SECONDS;
  for (const seconds of DURATIONS) {
    if (seconds > MAX_BLOCK_SECONDS) break;
    if (seconds * rateHz >= TARGET_BLOCK_SAMPLES) return seconds;
  }
  return MAX_BLOCK_SECONDS;
}

/** A block as ingest items and the simulator carry it. */
export interface TimedBlock {
  stream: string;
  /** ISO 8601 time of the first sample. */
  start: string;
  rate_hz: number;
  values: number[];
}

/**
 * Joins each stream's consecutive blocks where the second starts exactly one sample period
 * after the first one's last sample (so every sample keeps its time) and both lie inside one
 * window of `blockSecondsFor(rate)`. Blocks of other streams may come between (the order of
 * each stream's own blocks is kept); a gap, a rate change or a window boundary starts a new
 * block. The values are copied, never changed.
 */
export function coalesceBlocks<T extends TimedBlock>(blocks: Iterable<T>): T[] {
  const out: T[] = [];
  /** Per stream: the index in `out` of its open block, its start (ms) and its window's end. */
  const open = new Map<string, { index: number; startMs: number; windowEndMs: number }>();
  for (const block of blocks) {
    const startMs = Date.parse(block.start);
    const current = open.get(block.stream);
    const previous = current ? out[current.index] : undefined;
    if (
      current &&
      previous &&
      previous.rate_hz === block.rate_hz &&
      block.rate_hz > 0 &&
      current.startMs + (previous.values.length * 1000) / block.rate_hz === startMs &&
      startMs + ((block.values.length - 1) * 1000) / block.rate_hz < current.windowEndMs
    ) {
      out[current.index] = { ...previous, values: previous.values.concat(block.values) };
      continue;
    }
    const windowMs = blockSecondsFor(block.rate_hz) * 1000;
    const windowEndMs = (Math.floor(startMs / windowMs) + 1) * windowMs;
    const fits =
      block.rate_hz > 0 &&
      startMs + ((block.values.length - 1) * 1000) / block.rate_hz < windowEndMs;
    if (fits) open.set(block.stream, { index: out.length, startMs, windowEndMs });
    else open.delete(block.stream);
    out.push(block);
  }
  return out;
}
