import { type Block, valuesOf } from './block.ts';
import { StreamKeyed } from './stream-keyed.ts';

/** Roll-up levels kept as data arrives: per minute and per hour (issue 5, Storage). */
export const ROLLUP_LEVELS = [60, 3600] as const;

export interface RollupRow {
  datastreamId: number;
  bucketSeconds: number;
  bucketMs: number;
  min: number;
  max: number;
  sum: number;
  n: number;
}

/** Time of sample i of a block; a single reading (rate 0) is its start. */
export const sampleTimeMs = (block: Block, i: number) =>
  block.rateHz === 0 ? block.startMs : block.startMs + (i * 1000) / block.rateHz;

/**
 * Minute and hour aggregates of the given blocks, sorted by key so concurrent ingest processes
 * upsert the same rows in the same order (no deadlocks). A block inside one bucket adds its own
 * aggregates; one crossing a boundary is bucketed sample by sample.
 */
export function rollupsOf(blocks: { datastreamId: number; block: Block }[]): RollupRow[] {
  // Per stream, by bucket start plus level (a start is a whole minute, a level under one).
  const rows = new StreamKeyed<RollupRow>();
  const rowFor = (datastreamId: number, seconds: number, bucketMs: number) => {
    let row = rows.get(datastreamId, bucketMs + seconds);
    if (!row) {
      row = {
        datastreamId,
        bucketSeconds: seconds,
        bucketMs,
        min: Infinity,
        max: -Infinity,
        sum: 0,
        n: 0,
      };
      rows.set(datastreamId, bucketMs + seconds, row);
    }
    return row;
  };
  for (const { datastreamId, block } of blocks) {
    const firstMs = sampleTimeMs(block, 0);
    const { stats } = block;
    const lastMs = sampleTimeMs(block, stats.count - 1);
    let values: number[] | null = null;
    for (const seconds of ROLLUP_LEVELS) {
      const width = seconds * 1000;
      const bucketMs = Math.floor(firstMs / width) * width;
      // Most blocks (a second of samples) sit inside one minute: their own aggregates suffice.
      if (lastMs < bucketMs + width) {
        const row = rowFor(datastreamId, seconds, bucketMs);
        row.min = Math.min(row.min, stats.min);
        row.max = Math.max(row.max, stats.max);
        row.sum += stats.sum;
        row.n += stats.count;
        continue;
      }
      let row: RollupRow | null = null;
      let bucketEnd = -Infinity;
      values ??= valuesOf(block);
      for (let i = 0; i < values.length; i += 1) {
        const t = sampleTimeMs(block, i);
        if (row === null || t >= bucketEnd || t < row.bucketMs) {
          const start = Math.floor(t / width) * width;
          row = rowFor(datastreamId, seconds, start);
          bucketEnd = start + width;
        }
        const value = values[i] as number;
        if (value < row.min) row.min = value;
        if (value > row.max) row.max = value;
        row.sum += value;
        row.n += 1;
      }
    }
  }
  return [...rows.values()].sort(
    (a, b) =>
      a.datastreamId - b.datastreamId ||
      a.bucketSeconds - b.bucketSeconds ||
      a.bucketMs - b.bucketMs,
  );
}
