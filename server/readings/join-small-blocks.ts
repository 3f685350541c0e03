/**
 * Joins gateways' small blocks of every data stream once their window has closed (issue 34).
 * A gateway sending one or a few samples a message (HTTP or MQTT) stores a row per message,
 * about 130 bytes each besides its values; joined per window (compact-blocks.ts: same times,
 * same values, exact bit for bit) a window is one row. A resend of joined samples is still
 * found and answered "duplicate" (stored-resends.ts).
 *
 * A window is joined JOIN_AFTER_MS after it closed, so messages still on their way are stored
 * first. A pass looks from where the last one stopped (at the start, LOOKBACK_MS back), at most
 * MAX_WINDOWS_PER_PASS windows, in slices of SLICE_MS; a pass stopped anywhere is taken up by
 * the next, and a window already one row is left alone.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';
import { DURATIONS, TARGET_BLOCK_SAMPLES } from './block-duration.ts';
import { MAX_BLOCK_SECONDS } from './block-limits.ts';
import { type CompactResult, compactWindow } from './compact-blocks.ts';

/** How long after a window closes it is joined. */
export const JOIN_AFTER_MS = 5 * 60_000;
/** How far back the first pass after a start looks. */
const LOOKBACK_MS = 24 * 3_600_000;
/** Rows scanned by one query: an hour of readings (a multiple of every window). */
const SLICE_MS = 3_600_000;
/** Windows joined at most by one pass (each its own short transaction). */
export const MAX_WINDOWS_PER_PASS = 1000;
const PASS_INTERVAL_MS = 60_000;
const WINDOW_ALIGN_MS = MAX_BLOCK_SECONDS * 1000;

/** `blockSecondsFor(rate_hz)` in SQL, from the same durations. */
const WINDOW_SECONDS = `CASE ${DURATIONS.filter((d) => d <= MAX_BLOCK_SECONDS)
  .map((d) => `WHEN rate_hz * ${d} >= ${TARGET_BLOCK_SAMPLES} THEN ${d}`)
  .join(' ')} ELSE ${MAX_BLOCK_SECONDS} END`;

/**
 * Joins the windows of every stream that lie in [fromMs, toMs) and hold more than one row,
 * oldest first, at most `maxWindows`; `doneUntilMs` says where the next call goes on.
 */
export async function joinSmallBlocks(
  db: Db,
  {
    fromMs,
    toMs,
    maxWindows = MAX_WINDOWS_PER_PASS,
  }: { fromMs: number; toMs: number; maxWindows?: number },
): Promise<CompactResult & { looked: number }> {
  const result = { windows: 0, rowsBefore: 0, rowsAfter: 0, doneUntilMs: toMs, looked: 0 };
  if (toMs <= fromMs) return result;
  const windows = rowsOf<{
    id: number;
    resolution: number | null;
    start_s: number | string;
    secs: number;
  }>(
    await db.execute(sql`
      SELECT w.datastream_id AS id, d.resolution, w.start_s, w.secs
      FROM (
        SELECT datastream_id, secs, floor(extract(epoch FROM start) / secs) * secs AS start_s
        FROM (SELECT datastream_id, start, ${sql.raw(WINDOW_SECONDS)} AS secs FROM readings
              WHERE start >= ${new Date(fromMs).toISOString()}::timestamptz
                AND start < ${new Date(toMs).toISOString()}::timestamptz AND rate_hz > 0) r
        GROUP BY 1, 2, 3 HAVING count(*) > 1) w
      JOIN datastreams d ON d.id = w.datastream_id
      WHERE w.start_s >= ${fromMs / 1000} AND w.start_s + w.secs <= ${toMs / 1000}
      ORDER BY w.start_s, w.datastream_id
      LIMIT ${maxWindows + 1}`),
  );
  for (const [index, window] of windows.entries()) {
    const startMs = Number(window.start_s) * 1000;
    if (index === maxWindows) {
      result.doneUntilMs = startMs;
      break;
    }
    const stream = { id: Number(window.id), resolution: window.resolution ?? null };
    const { before, after } = await compactWindow(
      db,
      stream,
      startMs,
      startMs + window.secs * 1000,
    );
    if (after < before) result.windows += 1;
    result.rowsBefore += before;
    result.rowsAfter += after;
    result.looked += 1;
  }
  return result;
}

/** One pass: from `fromMs` to `toMs` slice by slice, until done or the windows are used up. */
async function joinSlices(db: Db, fromMs: number, toMs: number): Promise<CompactResult> {
  const total: CompactResult = { windows: 0, rowsBefore: 0, rowsAfter: 0, doneUntilMs: toMs };
  let from = Math.floor(fromMs / WINDOW_ALIGN_MS) * WINDOW_ALIGN_MS;
  let looked = 0;
  while (from < toMs) {
    const to = Math.min(toMs, Math.floor(from / SLICE_MS) * SLICE_MS + SLICE_MS);
    const slice = await joinSmallBlocks(db, {
      fromMs: from,
      toMs: to,
      maxWindows: MAX_WINDOWS_PER_PASS - looked,
    });
    total.windows += slice.windows;
    total.rowsBefore += slice.rowsBefore;
    total.rowsAfter += slice.rowsAfter;
    looked += slice.looked;
    if (slice.doneUntilMs < to) {
      total.doneUntilMs = slice.doneUntilMs;
      break;
    }
    from = to;
  }
  return total;
}

export type BlockJoining = PeriodicJob<CompactResult>;

/** The joining on the schedules' timetable, every minute, in the process leading them. */
export function startBlockJoining(
  db: Db,
  options: {
    leads?: () => boolean;
    log: (message: string) => void;
    now?: () => number;
    intervalMs?: number;
  },
): BlockJoining {
  const now = options.now ?? Date.now;
  let doneUntilMs: number | null = null;
  return startPeriodicJob({
    leads: options.leads,
    log: options.log,
    intervalMs: options.intervalMs ?? PASS_INTERVAL_MS,
    pass: async () => {
      const toMs = now() - JOIN_AFTER_MS;
      // A window straddling the last pass's end was left; it starts within a window's length.
      const fromMs = (doneUntilMs ?? toMs - LOOKBACK_MS) - WINDOW_ALIGN_MS;
      const result = await joinSlices(db, fromMs, toMs);
      doneUntilMs = result.doneUntilMs;
      if (result.windows > 0) {
        options.log(
          `Joined small blocks: ${result.rowsBefore} rows into ${result.rowsAfter} in ${result.windows} windows`,
        );
      }
      return result;
    },
    idle: () => ({ windows: 0, rowsBefore: 0, rowsAfter: 0, doneUntilMs: now() }),
    failure: 'Joining small blocks failed',
  });
}
