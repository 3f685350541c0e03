import type { Database } from '../db/client.ts';
import type { Block } from '../ingest/block-validation.ts';
import { createPartitionKeeper } from '../ingest/partitions.ts';
import { floatArray, intArray, nestedFloatArray, timeArray } from '../ingest/pg-arrays.ts';
import { rollupsOf, sampleTimeMs } from '../ingest/rollups.ts';
import { type Exec, inlineLiteral, transactionRunner } from '../ingest/sql-runner.ts';

export interface StreamBlock {
  datastreamId: number;
  block: Block;
}

export interface StoreResult {
  storedSamples: number;
  duplicateSamples: number;
}

const keyOf = (datastreamId: number, ms: number) => `${datastreamId}:${ms}`;
const COLUMNS = 'datastream_id, start, rate_hz, values, n, v_min, v_max, v_sum';
const RETURNING = 'RETURNING datastream_id, (extract(epoch FROM start) * 1000)::float8 AS ms';

/**
 * The blocks as COPY text rows, in one buffer. A block's received values text is copied byte for
 * byte, never decoded to a string and re-encoded: at a million samples a second that matters.
 */
function copyRows(blocks: StreamBlock[]): Buffer {
  const pieces: (string | Uint8Array)[] = [];
  let size = 0;
  for (const { datastreamId, block } of blocks) {
    const { count, min, max, sum } = block.stats;
    const values = block.valuesText ?? (block.values ?? []).join(',');
    const head = `${datastreamId}\t${new Date(block.startMs).toISOString()}\t${block.rateHz}\t{`;
    const tail = `}\t${count}\t${min}\t${max}\t${sum}\n`;
    pieces.push(head, values, tail);
    size += head.length + values.length + tail.length;
  }
  const rows = Buffer.allocUnsafe(size);
  let at = 0;
  for (const piece of pieces) {
    if (typeof piece === 'string') at += rows.write(piece, at, 'latin1');
    else {
      rows.set(piece, at);
      at += piece.length;
    }
  }
  return rows;
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/**
 * On a PostgreSQL server the blocks are COPYed straight into `readings` (the float text is
 * parsed once, as in a bare COPY). A retried block makes the COPY fail on the primary key: then,
 * rarely, the batch goes through a staging table and ON CONFLICT DO NOTHING instead. PGlite has
 * no COPY FROM STDIN, so it takes one unnest() insert. Returns the blocks actually stored.
 */
async function insertBlocks(exec: Exec, blocks: StreamBlock[]) {
  if (exec.copyIn) {
    const rows = copyRows(blocks);
    await exec.query('SAVEPOINT fast_copy');
    try {
      await exec.copyIn(`COPY readings (${COLUMNS}) FROM STDIN`, rows);
      // The savepoint is not released: COMMIT ends it, one round trip fewer.
      return blocks.map((b) => ({ datastream_id: b.datastreamId, ms: b.block.startMs }));
    } catch (error) {
      await exec.query('ROLLBACK TO SAVEPOINT fast_copy');
      if (!isUniqueViolation(error)) throw error;
    }
    await exec.query(
      'CREATE TEMP TABLE IF NOT EXISTS readings_staging (LIKE readings) ON COMMIT DELETE ROWS',
    );
    await exec.copyIn(`COPY readings_staging (${COLUMNS}) FROM STDIN`, rows);
    return exec.query<{ datastream_id: number; ms: number }>(
      `INSERT INTO readings (${COLUMNS}) SELECT ${COLUMNS} FROM readings_staging
       ON CONFLICT DO NOTHING ${RETURNING}`,
    );
  }
  return exec.query<{ datastream_id: number; ms: number }>(
    `INSERT INTO readings (${COLUMNS})
     SELECT id, start, rate, vals::float8[], array_length(vals::float8[], 1), lo, hi, total
     FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::text[], $5::float8[],
                 $6::float8[], $7::float8[]) AS u(id, start, rate, vals, lo, hi, total)
     ON CONFLICT DO NOTHING ${RETURNING}`,
    [
      intArray(blocks.map((b) => b.datastreamId)),
      timeArray(blocks.map((b) => b.block.startMs)),
      floatArray(blocks.map((b) => b.block.rateHz)),
      nestedFloatArray(blocks.map((b) => b.block)),
      floatArray(blocks.map((b) => b.block.stats.min)),
      floatArray(blocks.map((b) => b.block.stats.max)),
      floatArray(blocks.map((b) => b.block.stats.sum)),
    ],
  );
}

function upsertRollups(exec: Exec, stored: StreamBlock[]): void {
  const rollups = rollupsOf(stored);
  const ids = inlineLiteral(intArray(rollups.map((r) => r.datastreamId)));
  const levels = inlineLiteral(intArray(rollups.map((r) => r.bucketSeconds)));
  const buckets = inlineLiteral(timeArray(rollups.map((r) => r.bucketMs)));
  const mins = inlineLiteral(floatArray(rollups.map((r) => r.min)));
  const maxes = inlineLiteral(floatArray(rollups.map((r) => r.max)));
  const sums = inlineLiteral(floatArray(rollups.map((r) => r.sum)));
  const counts = inlineLiteral(intArray(rollups.map((r) => r.n)));
  exec.atCommit(
    `INSERT INTO reading_rollups (datastream_id, bucket_seconds, bucket, v_min, v_max, v_sum, n)
     SELECT * FROM unnest(${ids}::int[], ${levels}::int[], ${buckets}::timestamptz[],
                          ${mins}::float8[], ${maxes}::float8[], ${sums}::float8[],
                          ${counts}::bigint[])
     ON CONFLICT (datastream_id, bucket_seconds, bucket) DO UPDATE SET
       v_min = least(reading_rollups.v_min, excluded.v_min),
       v_max = greatest(reading_rollups.v_max, excluded.v_max),
       v_sum = reading_rollups.v_sum + excluded.v_sum,
       n = reading_rollups.n + excluded.n`,
  );
}

function updateStreamStats(exec: Exec, stored: StreamBlock[]): void {
  const perStream = new Map<number, { n: number; lastMs: number }>();
  for (const { datastreamId, block } of stored) {
    const { count } = block.stats;
    const lastMs = sampleTimeMs(block, count - 1);
    const entry = perStream.get(datastreamId);
    if (entry) {
      entry.n += count;
      entry.lastMs = Math.max(entry.lastMs, lastMs);
    } else perStream.set(datastreamId, { n: count, lastMs });
  }
  // Sorted, so concurrent ingest processes lock the stream rows in the same order.
  const ids = [...perStream.keys()].sort((a, b) => a - b);
  const counts = inlineLiteral(intArray(ids.map((id) => perStream.get(id)?.n ?? 0)));
  const lasts = inlineLiteral(timeArray(ids.map((id) => perStream.get(id)?.lastMs ?? 0)));
  exec.atCommit(
    `UPDATE datastreams AS d
     SET sample_count = d.sample_count + u.n, last_seen_at = greatest(d.last_seen_at, u.last)
     FROM unnest(${inlineLiteral(intArray(ids))}::int[], ${counts}::bigint[],
                 ${lasts}::timestamptz[]) AS u(id, n, last)
     WHERE d.id = u.id`,
  );
}

/**
 * Writes checked blocks: the blocks (a retried block is skipped by the primary key), then the
 * roll-ups and each stream's last-seen time and sample count from the blocks that were new.
 * One transaction, so the roll-ups never count a block that was not stored; the last two ride
 * with the COMMIT (their literals are our own numbers and times, inlined).
 */
export function createReadingsRepository(database: Database) {
  const ensureMonths = createPartitionKeeper(database.db);
  const transact = transactionRunner(database);

  async function store(input: StreamBlock[]): Promise<StoreResult> {
    const unique = new Map<string, StreamBlock>();
    let duplicateSamples = 0;
    for (const item of input) {
      const key = keyOf(item.datastreamId, item.block.startMs);
      if (unique.has(key)) duplicateSamples += item.block.stats.count;
      else unique.set(key, item);
    }
    const blocks = [...unique.values()];
    if (blocks.length === 0) return { storedSamples: 0, duplicateSamples };
    await ensureMonths(blocks.map((b) => b.block.startMs));

    return transact(async (exec) => {
      const inserted = await insertBlocks(exec, blocks);
      const fresh = new Set(inserted.map((r) => keyOf(r.datastream_id, Math.round(r.ms))));
      const stored = blocks.filter((b) => fresh.has(keyOf(b.datastreamId, b.block.startMs)));
      const storedSamples = stored.reduce((sum, b) => sum + b.block.stats.count, 0);
      const total = blocks.reduce((sum, b) => sum + b.block.stats.count, 0);
      duplicateSamples += total - storedSamples;
      if (stored.length > 0) {
        upsertRollups(exec, stored);
        updateStreamStats(exec, stored);
      }
      return { storedSamples, duplicateSamples };
    });
  }

  return { store };
}

export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;
