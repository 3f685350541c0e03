import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { createPartitionKeeper } from './partitions.ts';
import { intArray, timeArray } from '../db/pg-arrays.ts';
import { rollupsOf, sampleTimeMs, type RollupRow } from './rollups.ts';
import type { StreamBlock } from './block.ts';
import { CopyEncoder, copyRowBytes as bytes } from './copy-encoder.ts';
import { transactionRunner } from '../db/sql-runner.ts';
import { READING_COLUMNS, readingCopyRows } from './reading-rows.ts';

function encodeRollups(rows: readonly RollupRow[]): Uint8Array<ArrayBuffer> {
  const rowSize = bytes.row + 2 * bytes.int4 + bytes.timestamptz + 3 * bytes.float8 + bytes.int8;
  const encoder = new CopyEncoder(rows.length * rowSize);
  for (const row of rows) {
    encoder
      .row(7)
      .int4(row.datastreamId)
      .int4(row.bucketSeconds)
      .timestamptz(row.bucketMs)
      .float8(row.min)
      .float8(row.max)
      .float8(row.sum)
      .int8(row.n);
  }
  return encoder.finish();
}

/** A batch encoded for COPY, away from the database (it may travel from a worker thread). */
export interface EncodedBatch {
  readings: Uint8Array<ArrayBuffer>;
  rollups: Uint8Array<ArrayBuffer>;
  /** Block start times, for the monthly partitions. */
  firstMs: number;
  lastMs: number;
  /** Per stream: [datastream id, samples, time of the newest sample]. */
  streams: [number, number, number][];
  samples: number;
}

/** Encodes new blocks with their roll-ups and per-stream totals, ready for `writeEncoded`. */
export function encodeBatch(blocks: readonly StreamBlock[]): EncodedBatch {
  const totals = new Map<number, [number, number, number]>();
  let firstMs = Infinity;
  let lastMs = -Infinity;
  let samples = 0;
  for (const { datastreamId, block } of blocks) {
    const newest = sampleTimeMs(block, block.stats.count - 1);
    const total = totals.get(datastreamId) ?? [datastreamId, 0, newest];
    total[1] += block.stats.count;
    total[2] = Math.max(total[2], newest);
    totals.set(datastreamId, total);
    samples += block.stats.count;
    firstMs = Math.min(firstMs, block.startMs);
    lastMs = Math.max(lastMs, block.startMs);
  }
  return {
    readings: readingCopyRows(blocks),
    rollups: encodeRollups(rollupsOf([...blocks])),
    firstMs,
    lastMs,
    streams: [...totals.values()],
    samples,
  };
}

/**
 * Stores a large batch of new blocks the way the ingest does (the same blocks, block stats,
 * monthly partitions, minute and hour roll-ups, and each stream's sample count and last-seen
 * time), only faster: by binary COPY. For data no stream has yet, such as the demo history on
 * a freshly seeded database: a block already stored, or a roll-up bucket that already has rows,
 * makes the COPY fail rather than merge. Each batch must cover whole hours of its streams.
 */
export function createBulkBlockWriter(database: Database) {
  const ensureMonths = createPartitionKeeper(database.db);
  const transact = transactionRunner(database);
  const totals = new Map<number, { n: number; lastMs: number }>();

  async function writeEncoded(batch: EncodedBatch): Promise<number> {
    if (batch.samples === 0) return 0;
    await ensureMonths([batch.firstMs, batch.lastMs]);
    await transact(async (exec) => {
      await exec.copyIn(`readings (${READING_COLUMNS})`, batch.readings);
      await exec.copyIn(
        'reading_rollups (datastream_id, bucket_seconds, bucket, v_min, v_max, v_sum, n)',
        batch.rollups,
      );
    });
    for (const [datastreamId, n, lastMs] of batch.streams) {
      const total = totals.get(datastreamId) ?? { n: 0, lastMs };
      total.n += n;
      total.lastMs = Math.max(total.lastMs, lastMs);
      totals.set(datastreamId, total);
    }
    return batch.samples;
  }

  return {
    writeEncoded,
    write: (blocks: readonly StreamBlock[]) => writeEncoded(encodeBatch(blocks)),
    /** Adds what was written to each stream's sample count and last-seen time. */
    async finish(): Promise<void> {
      const ids = [...totals.keys()].sort((a, b) => a - b);
      if (ids.length === 0) return;
      await database.db.execute(sql`
        UPDATE datastreams AS d
        SET sample_count = d.sample_count + u.n, last_seen_at = greatest(d.last_seen_at, u.last)
        FROM unnest(${intArray(ids)}::int[], ${intArray(ids.map((id) => totals.get(id)?.n ?? 0))}::bigint[],
                    ${timeArray(ids.map((id) => totals.get(id)?.lastMs ?? 0))}::timestamptz[])
          AS u(id, n, last)
        WHERE d.id = u.id`);
      totals.clear();
    },
  };
}

export type BulkBlockWriter = ReturnType<typeof createBulkBlockWriter>;
