import type { Database } from '../db/client.ts';
import { BlockKeys, groupByKey, outcomesOf } from './block-outcomes.ts';
import { ingestBuffers } from './buffer-pool.ts';
import { createPartitionKeeper } from './partitions.ts';
import type { StoreResult, StreamBlock } from './block.ts';
import { READING_COLUMNS, readingCopyRows } from './reading-rows.ts';
import { floatArray, intArray, timeArray } from '../db/pg-arrays.ts';
import { rollupsOf, sampleTimeMs } from './rollups.ts';
import { type Exec, inlineLiteral, transactionRunner } from '../db/sql-runner.ts';
import { StreamKeyed } from './stream-keyed.ts';
import { judgeOldBlocks, LONGER_STORED, longerStoredConflicts } from './stored-resends.ts';

const COLUMNS = READING_COLUMNS;
const SAVEPOINT = 'SAVEPOINT fast_copy';
const RETURNING = 'RETURNING datastream_id, (extract(epoch FROM start) * 1000)::float8 AS ms';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

type KeyRow = { datastream_id: number; ms: number };

/**
 * The blocks are COPYed (binary) straight into `readings`. A retried block makes the COPY fail on
 * the primary key: then, rarely, the batch goes through a staging table and ON CONFLICT DO
 * NOTHING instead. Returns the blocks actually stored, and those whose start is taken by a
 * stored block with another rate or other values (a resend of the same block is no conflict).
 */
async function insertBlocks(
  exec: Exec,
  blocks: StreamBlock[],
  savepointTaken: boolean,
): Promise<{ fresh: BlockKeys | 'all'; conflicting: BlockKeys; details?: StreamKeyed<string> }> {
  // Given back only after a COPY that succeeded: one that failed may still be sending it.
  const rows = readingCopyRows(blocks, ingestBuffers);
  if (!savepointTaken) await exec.query(SAVEPOINT);
  try {
    await exec.copyIn(`readings (${COLUMNS})`, rows);
    ingestBuffers.give(rows.buffer);
    // The savepoint is not released: COMMIT ends it, one round trip fewer.
    return { fresh: 'all', conflicting: new BlockKeys() };
  } catch (error) {
    await exec.query('ROLLBACK TO SAVEPOINT fast_copy');
    if (!isUniqueViolation(error)) throw error;
  }
  await exec.query(
    'CREATE TEMP TABLE IF NOT EXISTS readings_staging (LIKE readings) ON COMMIT DELETE ROWS',
  );
  await exec.copyIn(`readings_staging (${COLUMNS})`, rows);
  ingestBuffers.give(rows.buffer);
  const inserted = await exec.query<KeyRow>(
    `INSERT INTO readings (${COLUMNS}) SELECT ${COLUMNS} FROM readings_staging
     ON CONFLICT DO NOTHING ${RETURNING}`,
  );
  // Rows just inserted meet themselves here and are equal; only a different stored block differs.
  // Blocks stored the same way compare as stored: the codec is deterministic, so the same values
  // at the same resolution make the same bytes. A block stored the other way (an array before
  // migration 0030, or before its stream declared a resolution) is compared by its count, least,
  // greatest and total (decision 052).
  const conflicting = await exec.query<KeyRow>(
    `SELECT s.datastream_id, (extract(epoch FROM s.start) * 1000)::float8 AS ms
     FROM readings_staging s JOIN readings r ON r.datastream_id = s.datastream_id AND r.start = s.start
     WHERE (r.rate_hz <> s.rate_hz
        OR (r.packed IS NOT NULL AND s.packed IS NOT NULL AND r.packed <> s.packed)
        OR (r.packed IS NULL AND s.packed IS NULL AND r.values <> s.values)
        OR ((r.packed IS NULL) <> (s.packed IS NULL)
            AND (r.n, r.v_min, r.v_max, r.v_sum) <> (s.n, s.v_min, s.v_max, s.v_sum)))
       AND NOT (${LONGER_STORED})`,
  );
  const keys = (rows: KeyRow[]) =>
    BlockKeys.of(rows.map((r) => ({ datastreamId: r.datastream_id, ms: Math.round(r.ms) })));
  const conflictingKeys = keys(conflicting);
  const details = new StreamKeyed<string>();
  for (const key of await longerStoredConflicts(exec, blocks)) {
    conflictingKeys.set(key.datastreamId, key.ms, true);
    if (key.detail !== null) details.set(key.datastreamId, key.ms, key.detail);
  }
  return { fresh: keys(inserted), conflicting: conflictingKeys, details };
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
    const { firsts, repeats } = groupByKey(input);
    const blocks = firsts.map((index) => input[index] as StreamBlock);
    if (blocks.length > 0) await ensureMonths(blocks.map((b) => b.block.startMs));

    const outcome = await (blocks.length === 0
      ? {
          fresh: new BlockKeys(),
          conflicting: new BlockKeys(),
          judged: undefined,
          details: undefined,
        }
      : transact(async (exec) => {
          const { judged, savepointTaken } = await judgeOldBlocks(exec, blocks, SAVEPOINT);
          const toWrite = judged.size === 0 ? blocks : blocks.filter((_, i) => !judged.has(i));
          const written =
            toWrite.length === 0
              ? { fresh: new BlockKeys(), conflicting: new BlockKeys() }
              : await insertBlocks(exec, toWrite, savepointTaken);
          const { fresh } = written;
          const stored =
            fresh === 'all'
              ? toWrite
              : toWrite.filter((b) => fresh.has(b.datastreamId, b.block.startMs));
          if (stored.length > 0) {
            upsertRollups(exec, stored);
            updateStreamStats(exec, stored);
          }
          const judgedKeys = new StreamKeyed<'duplicate' | 'conflict'>();
          const details = written.details ?? new StreamKeyed<string>();
          for (const [i, verdict] of judged) {
            const { datastreamId, block } = blocks[i] as StreamBlock;
            judgedKeys.set(
              datastreamId,
              block.startMs,
              verdict === 'duplicate' ? 'duplicate' : 'conflict',
            );
            if (verdict !== 'duplicate') details.set(datastreamId, block.startMs, verdict.conflict);
          }
          return { ...written, judged: judgedKeys, details };
        }));

    return { ...outcomesOf(input, { firsts, repeats }, outcome), conflictDetails: outcome.details };
  }

  return { store };
}

export type ReadingsRepository = ReturnType<typeof createReadingsRepository>;
