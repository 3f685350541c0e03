/**
 * The batch migration of stored arrays to packed blocks (issue 34, decision 052): the blocks of
 * a stream that declares a resolution and were stored as `values` arrays (before migration 0030,
 * or before the stream's resolution was set) are packed on the stream's grid in place. Exact
 * streams keep their arrays by decision (052, "exact blocks stay arrays for now").
 *
 * Resumable without a table of its own: what is left is what the data says (`packed IS NULL
 * AND values IS NOT NULL` on such a stream), so a restart takes up where the last batch
 * committed. Each batch is one short UPDATE of at most BATCH_BLOCKS rows that touches only
 * rows still arrays, so the ingest (which never rewrites a stored block) is not held up.
 * A block is packed only when every value decodes back within half a step (or is the same
 * double); any other is left as it is and counted as unpackable.
 */
import { sql } from 'drizzle-orm';
import { decodeBlock, encodeBlock } from '../codec/block-codec.ts';
import type { Db } from '../db/client.ts';
import { queryFloat64Rows } from '../db/float64-query.ts';
import { rowsOf } from '../db/pg-arrays.ts';

/** Blocks one batch reads and rewrites at most (some 100,000 samples at 1,000 a block). */
export const BATCH_BLOCKS = 100;

interface ArrayRow {
  start_us: string;
  values: Float64Array;
  n: number;
  /** Whether the array holds a NULL element (read as 0): such a block is never packed. */
  has_null: boolean;
}

export interface PackProgress {
  blocks: number;
  samples: number;
  unpackable: number;
}

/** Whether every value of `back` is `values`' own or within half a step of it. */
function readsBack(values: Float64Array, back: Float64Array, step: number): boolean {
  if (back.length !== values.length) return false;
  for (let i = 0; i < values.length; i += 1) {
    const x = values[i] as number;
    const y = back[i] as number;
    if (Object.is(x, y) || x === y) continue;
    // Half a step, and the rounding of the division or product that put x on the grid.
    if (!(Math.abs(y - x) <= step / 2 + Math.abs(x) * 4 * Number.EPSILON)) return false;
  }
  return true;
}

/** The block's packed bytes, or null when it must stay an array. */
function packedOf(row: ArrayRow, step: number): Uint8Array | null {
  if (row.has_null || row.values.length !== Number(row.n)) return null;
  try {
    const bytes = encodeBlock(row.values, step);
    return readsBack(row.values, decodeBlock(bytes), step) ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * Packs the next batch of one stream's array blocks after `afterUs` (µs since the epoch; null
 * from the first) and returns what it did, the last block it looked at and whether more may be
 * left.
 */
export async function packNextBatch(
  db: Db,
  stream: { id: number; resolution: number },
  afterUs: string | null,
): Promise<PackProgress & { lastUs: string | null; more: boolean }> {
  const after =
    afterUs === null
      ? ''
      : `AND start > 'epoch'::timestamptz + $2::bigint * interval '1 microsecond'`;
  const rows = await queryFloat64Rows<ArrayRow>(
    db,
    `SELECT (extract(epoch FROM start) * 1000000)::bigint::text AS start_us, values, n,
            array_position(values, NULL) IS NOT NULL AS has_null
     FROM readings
     WHERE datastream_id = $1 ${after} AND packed IS NULL AND values IS NOT NULL
     ORDER BY start LIMIT ${BATCH_BLOCKS}`,
    afterUs === null ? [stream.id] : [stream.id, afterUs],
  );
  const starts: string[] = [];
  const hex: string[] = [];
  for (const row of rows) {
    const bytes = packedOf(row, stream.resolution);
    if (!bytes) continue;
    starts.push(row.start_us);
    hex.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex'));
  }
  let done = { blocks: 0, samples: 0 };
  if (starts.length > 0) {
    done = await db.transaction(async (tx) => {
      await tx.execute(sql.raw("SET LOCAL lock_timeout = '5s'"));
      const [updated] = rowsOf<{ blocks: number | string; samples: number | string | null }>(
        await tx.execute(sql`
          WITH packed AS (
            UPDATE readings r SET packed = decode(u.hex, 'hex'), values = NULL
            FROM unnest(${`{${starts.join(',')}}`}::bigint[], ${`{${hex.join(',')}}`}::text[])
                 AS u(start_us, hex)
            WHERE r.datastream_id = ${stream.id}
              AND r.start = 'epoch'::timestamptz + u.start_us * interval '1 microsecond'
              AND r.packed IS NULL AND r.values IS NOT NULL
            RETURNING r.n)
          SELECT count(*) AS blocks, sum(n) AS samples FROM packed`),
      );
      return { blocks: Number(updated?.blocks ?? 0), samples: Number(updated?.samples ?? 0) };
    });
  }
  return {
    ...done,
    unpackable: rows.length - starts.length,
    lastUs: rows.at(-1)?.start_us ?? afterUs,
    more: rows.length === BATCH_BLOCKS,
  };
}

/** The streams with a declared resolution, which are the ones migrated. */
export async function streamsWithResolution(db: Db): Promise<{ id: number; resolution: number }[]> {
  const rows = rowsOf<{ id: number; resolution: number }>(
    await db.execute(
      sql`SELECT id, resolution FROM datastreams WHERE resolution IS NOT NULL ORDER BY id`,
    ),
  );
  return rows.map((row) => ({ id: Number(row.id), resolution: Number(row.resolution) }));
}

/** What is left to migrate: array blocks of streams with a resolution, and their samples. */
export async function arraysLeft(db: Db): Promise<{ blocks: number; samples: number }> {
  const [row] = rowsOf<{ blocks: number | string; samples: number | string | null }>(
    await db.execute(sql`
      SELECT count(*) AS blocks, sum(n) AS samples FROM readings
      WHERE packed IS NULL AND values IS NOT NULL
        AND datastream_id IN (SELECT id FROM datastreams WHERE resolution IS NOT NULL)`),
  );
  return { blocks: Number(row?.blocks ?? 0), samples: Number(row?.samples ?? 0) };
}

/** How far a process has looked through each stream at its resolution (see `packStoredArrays`). */
export type PackCursors = Map<number, { resolution: number; lastUs: string | null }>;

/**
 * Migrates every stream's array blocks, batch after batch, calling `onBatch` with the running
 * totals after each; `stopped` is asked between batches (a shutdown, or a test's interruption).
 * With `cursors`, a stream is taken up after the last block looked at in an earlier call at the
 * same resolution, so a pass with nothing left does not scan every stream again.
 */
export async function packStoredArrays(
  db: Db,
  options: {
    onBatch?: (totals: PackProgress) => void;
    stopped?: () => boolean;
    pause?: () => Promise<void>;
    cursors?: PackCursors;
  } = {},
): Promise<PackProgress & { finished: boolean }> {
  const totals: PackProgress = { blocks: 0, samples: 0, unpackable: 0 };
  for (const stream of await streamsWithResolution(db)) {
    const known = options.cursors?.get(stream.id);
    let lastUs = known?.resolution === stream.resolution ? known.lastUs : null;
    for (let more = true; more;) {
      if (options.stopped?.()) return { ...totals, finished: false };
      const batch = await packNextBatch(db, stream, lastUs);
      totals.blocks += batch.blocks;
      totals.samples += batch.samples;
      totals.unpackable += batch.unpackable;
      ({ lastUs, more } = batch);
      options.cursors?.set(stream.id, { resolution: stream.resolution, lastUs });
      options.onBatch?.({ ...totals });
      await options.pause?.();
    }
  }
  return { ...totals, finished: true };
}
