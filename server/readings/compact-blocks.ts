/**
 * Joins a stream's small stored blocks once their window has closed (decision 075, amended
 * 2026-12-02 (c)). Every stored block is a row of about 130-170 bytes besides its values, so a
 * writer that stores a block per few seconds (the demo's live feed: one strain sample a row)
 * pays that per sample. Windows are the history writer's (`blockSecondsFor`), so a joined block
 * never straddles an hour (the roll-ups' buckets) nor passes `MAX_BLOCK_SECONDS`.
 *
 * A block joined into the one before it has no key (stream, start) of its own any more, so the
 * ingest finds a resend of it inside the joined row instead (stored-resends.ts); a join holds
 * the stream's join lock exclusively, so that lookup never runs between the rows and the join.
 *
 * Each window is joined in one transaction: readers see its small rows or the joined one. The
 * samples (values, times, count, least and greatest) are the same, so the roll-ups and the
 * stream's count and last-seen time are not touched. A window already one row is left alone, so
 * a pass is idempotent and one stopped anywhere is taken up by the next.
 */
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { decodeBlock, encodeBlock } from '../codec/block-codec.ts';
import type { Db } from '../db/client.ts';
import { queryFloat64Rows } from '../db/float64-query.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { blockSecondsFor } from './block-duration.ts';
import { MAX_BLOCK_SAMPLES } from './block-limits.ts';
import { JOIN_LOCK_SPACE } from './stored-resends.ts';

/** Windows joined at most by one pass: a pass stays a fraction of a second. */
export const MAX_WINDOWS_PER_PASS = 200;
/**
 * Stored rows grouped into windows between two turns of the event loop: a pass after a restart
 * reads the keys of up to 6 hours of the feed's rows (about 28,000), and grouping them in one go
 * took 29 to 116 ms at load 11 (decision 075, amendment 2026-12-02 (d)).
 */
const ROWS_PER_TURN = 2000;

export interface CompactStream {
  id: number;
  /** The stream's declared resolution; null: exact. */
  resolution: number | null;
}

export interface CompactResult {
  /** Windows where rows were joined. */
  windows: number;
  rowsBefore: number;
  rowsAfter: number;
  /** Every closed window starting before this was looked at; the next pass goes on from here. */
  doneUntilMs: number;
}

interface StoredRow {
  start_us: string;
  rate_hz: number;
  n: number;
  values: Float64Array | null;
  packed: Float64Array | null;
  has_null: boolean;
}

const AT_US = `'epoch'::timestamptz + $2::bigint * interval '1 microsecond'`;

/** A sample period in whole microseconds, or null (then no block of that rate is joined). */
function periodUs(rateHz: number): number | null {
  if (!(rateHz > 0)) return null;
  const period = 1e6 / rateHz;
  const whole = Math.round(period);
  return Math.abs(period - whole) < 1e-6 ? whole : null;
}

/**
 * Runs of rows to join: consecutive rows of one rate and form (packed or array, no NULL
 * element) whose window is this one, each starting exactly one period after the one before's last sample (so every
 * sample keeps its time), each ending inside the window, at most MAX_BLOCK_SAMPLES together.
 */
function runsOf(rows: StoredRow[], windowMs: number, windowEndUs: number): StoredRow[][] {
  const runs: StoredRow[][] = [];
  let run: StoredRow[] = [];
  let total = 0;
  const close = () => {
    if (run.length > 1) runs.push(run);
    run = [];
    total = 0;
  };
  for (const row of rows) {
    const period = periodUs(row.rate_hz);
    const startUs = Number(row.start_us);
    const joinable =
      period !== null &&
      blockSecondsFor(row.rate_hz) * 1000 === windowMs &&
      !row.has_null &&
      (row.packed ?? row.values) !== null &&
      startUs + (row.n - 1) * period < windowEndUs;
    if (!joinable) {
      close();
      continue;
    }
    const last = run.at(-1);
    const follows =
      last !== undefined &&
      last.rate_hz === row.rate_hz &&
      (last.packed === null) === (row.packed === null) &&
      Number(last.start_us) + last.n * period === startUs &&
      total + row.n <= MAX_BLOCK_SAMPLES;
    if (!follows) close();
    run.push(row);
    total += row.n;
  }
  close();
  return runs;
}

const sameDoubles = (a: Float64Array, b: Float64Array) =>
  a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/** The run's values packed on the stream's grid, or exactly where that would move one. */
function packedJoin(values: Float64Array, resolution: number | null): Uint8Array {
  for (const step of resolution === null ? [null] : [resolution, null]) {
    const bytes = encodeBlock(values, step);
    if (sameDoubles(decodeBlock(bytes), values)) return bytes;
  }
  // Exact blocks read back bit for bit (the codec's property tests); never store otherwise.
  throw new Error('compact-blocks: a joined block did not read back bit for bit');
}

/** A double's text that PostgreSQL reads back as the same double (-0 included). */
const floatText = (value: number) => (Object.is(value, -0) ? '-0' : String(value));

async function joinRun(tx: Db, streamId: number, run: StoredRow[], resolution: number | null) {
  const values = new Float64Array(run.reduce((sum, row) => sum + row.n, 0));
  let at = 0;
  for (const row of run) {
    const part = row.packed ?? row.values ?? new Float64Array(0);
    if (part.length !== row.n) return false; // n disagrees with the values: leave the rows
    values.set(part, at);
    at += part.length;
  }
  const packed = run[0]?.packed === null ? null : packedJoin(values, resolution);
  const starts = `{${run.map((row) => row.start_us).join(',')}}`;
  const [gone] = rowsOf<{ rows: string; n: string; lo: string; hi: string; total: string }>(
    await tx.execute(sql`
      WITH gone AS (
        DELETE FROM readings
        WHERE datastream_id = ${streamId}
          AND start = ANY (SELECT 'epoch'::timestamptz + s * interval '1 microsecond'
                           FROM unnest(${starts}::bigint[]) AS s)
        RETURNING n, v_min, v_max, v_sum)
      SELECT count(*)::text AS rows, sum(n)::text AS n, min(v_min)::text AS lo,
             max(v_max)::text AS hi, sum(v_sum)::text AS total FROM gone`),
  );
  if (Number(gone?.rows) !== run.length || Number(gone?.n) !== values.length) {
    throw new Error('compact-blocks: the rows changed under the lock');
  }
  const array = packed === null ? `{${Array.from(values, floatText).join(',')}}` : null;
  const hex = packed === null ? null : Buffer.from(packed).toString('hex');
  await tx.execute(sql`
    INSERT INTO readings (datastream_id, start, rate_hz, values, packed, n, v_min, v_max, v_sum, joined)
    VALUES (${streamId}, 'epoch'::timestamptz + ${run[0]?.start_us}::bigint * interval '1 microsecond',
            ${run[0]?.rate_hz}::float8, ${array}::float8[], decode(${hex}::text, 'hex'),
            ${values.length}, ${gone?.lo}::float8, ${gone?.hi}::float8, ${gone?.total}::float8, TRUE)`);
  return true;
}

/** Joins the runs of one stream's window; returns the rows there before and after. */
export async function compactWindow(
  db: Db,
  stream: CompactStream,
  windowStartMs: number,
  windowEndMs: number,
): Promise<{ before: number; after: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw("SET LOCAL lock_timeout = '5s'"));
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOIN_LOCK_SPACE}::int, ${stream.id}::int)`);
    const rows = await queryFloat64Rows<StoredRow>(
      tx,
      `SELECT (extract(epoch FROM start) * 1000000)::bigint::text AS start_us, rate_hz, n,
              values, packed, (values IS NOT NULL AND array_position(values, NULL) IS NOT NULL) AS has_null
       FROM readings
       WHERE datastream_id = $1 AND start >= ${AT_US}
         AND start < 'epoch'::timestamptz + $3::bigint * interval '1 microsecond'
       ORDER BY start FOR UPDATE`,
      [stream.id, windowStartMs * 1000, windowEndMs * 1000],
    );
    let after = rows.length;
    let firstJoinedUs: string | null = null;
    const runs = runsOf(rows, windowEndMs - windowStartMs, windowEndMs * 1000);
    for (const run of runs) {
      if (await joinRun(tx, stream.id, run, stream.resolution)) {
        after -= run.length - 1;
        firstJoinedUs ??= run[0]?.start_us ?? null;
      }
    }
    // The stream's hint for the ingest (stored-resends.ts): under the lock, in this transaction.
    if (firstJoinedUs !== null) {
      const at = sql`'epoch'::timestamptz + ${firstJoinedUs}::bigint * interval '1 microsecond'`;
      await tx.execute(sql`
        UPDATE datastreams SET joined_from = ${at}
        WHERE id = ${stream.id} AND (joined_from IS NULL OR joined_from > ${at})`);
    }
    return { before: rows.length, after };
  });
}

/**
 * One pass over the streams' windows that start at or after `fromMs` and have closed by `toMs`,
 * oldest first, at most `maxWindows` of them with more than one row.
 */
export async function compactBlocks(
  db: Db,
  streams: CompactStream[],
  fromMs: number,
  toMs: number,
  maxWindows = MAX_WINDOWS_PER_PASS,
): Promise<CompactResult> {
  const result: CompactResult = { windows: 0, rowsBefore: 0, rowsAfter: 0, doneUntilMs: toMs };
  if (streams.length === 0 || toMs <= fromMs) return result;
  const byId = new Map(streams.map((s) => [s.id, s]));
  const rows = rowsOf<{ datastream_id: number; ms: number | string; rate_hz: number }>(
    await db.execute(sql`
      SELECT datastream_id, (extract(epoch FROM start) * 1000)::float8 AS ms, rate_hz
      FROM readings
      WHERE datastream_id = ANY (${`{${[...byId.keys()].join(',')}}`}::int[])
        AND start >= ${new Date(fromMs).toISOString()}::timestamptz
        AND start < ${new Date(toMs).toISOString()}::timestamptz`),
  );
  const windows = new Map<string, { id: number; startMs: number; endMs: number; rows: number }>();
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await setImmediate();
    const windowMs = blockSecondsFor(Number(row.rate_hz)) * 1000;
    const startMs = Math.floor(Number(row.ms) / windowMs) * windowMs;
    const key = `${row.datastream_id}:${startMs}:${windowMs}`;
    const window = windows.get(key);
    if (window) window.rows += 1;
    else {
      const id = Number(row.datastream_id);
      windows.set(key, { id, startMs, endMs: startMs + windowMs, rows: 1 });
    }
  }
  const due = [...windows.values()]
    .filter((w) => w.rows > 1 && w.endMs <= toMs && w.startMs >= fromMs)
    .sort((a, b) => a.startMs - b.startMs || a.id - b.id);
  for (const [index, window] of due.entries()) {
    if (index === maxWindows) {
      result.doneUntilMs = window.startMs;
      break;
    }
    const stream = byId.get(window.id);
    if (!stream) continue;
    const { before, after } = await compactWindow(db, stream, window.startMs, window.endMs);
    if (after < before) result.windows += 1;
    result.rowsBefore += before;
    result.rowsAfter += after;
  }
  return result;
}
