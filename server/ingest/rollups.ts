import type { Block } from './block-validation.ts';

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

export interface BlockStats {
  min: number;
  max: number;
  sum: number;
}

export function blockStats(values: number[]): BlockStats {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  return { min, max, sum };
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
  const rows = new Map<string, RollupRow>();
  const rowFor = (datastreamId: number, seconds: number, bucketMs: number) => {
    const key = `${datastreamId}:${seconds}:${bucketMs}`;
    let row = rows.get(key);
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
      rows.set(key, row);
    }
    return row;
  };
  for (const { datastreamId, block } of blocks) {
    const firstMs = sampleTimeMs(block, 0);
    const lastMs = sampleTimeMs(block, block.values.length - 1);
    let whole: BlockStats | null = null;
    for (const seconds of ROLLUP_LEVELS) {
      const width = seconds * 1000;
      const bucketMs = Math.floor(firstMs / width) * width;
      // Most blocks (a second of samples) sit inside one minute: their own aggregates suffice.
      if (lastMs < bucketMs + width) {
        whole ??= blockStats(block.values);
        const row = rowFor(datastreamId, seconds, bucketMs);
        row.min = Math.min(row.min, whole.min);
        row.max = Math.max(row.max, whole.max);
        row.sum += whole.sum;
        row.n += block.values.length;
        continue;
      }
      let row: RollupRow | null = null;
      let bucketEnd = -Infinity;
      for (let i = 0; i < block.values.length; i += 1) {
        const t = sampleTimeMs(block, i);
        if (row === null || t >= bucketEnd || t < row.bucketMs) {
          const start = Math.floor(t / width) * width;
          row = rowFor(datastreamId, seconds, start);
          bucketEnd = start + width;
        }
        const value = block.values[i] as number;
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
