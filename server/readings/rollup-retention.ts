/**
 * Roll-up retention by tier (issue 34, MINUTE_ROLLUP_RETENTION_DAYS and
 * HOUR_ROLLUP_RETENTION_DAYS): minute rows older than their age are deleted, hour rows kept
 * (or dropped at an age of their own), so years of history cost 24 rows a stream-day and charts
 * of old ranges answer from hour rows (readings-query-repository.ts falls back to them).
 * `reading_rollups` is not partitioned, so rows go in small deletes, each its own short
 * transaction that locks only the rows it deletes, and at most ROLLUP_ROWS_PER_PASS a pass.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows one delete removes at most: a day of one stream's minute rows. */
export const ROLLUP_DELETE_ROWS = 1440;
/**
 * Rows one pass deletes at most (minute and hour rows together), so that a pass stays a few
 * seconds of short deletes however much is due: turning retention on over years of rows takes
 * several hourly passes instead of one of hours. At an hour between passes this keeps up with
 * the 60 minute rows an hour of about 4,000 streams (the rest waits: left to the next pass).
 */
export const ROLLUP_ROWS_PER_PASS = 250_000;

export type RollupLevel = 60 | 3600;

/** What is left of a pass's rows; shared by the streams and levels one pass visits. */
interface RowBudget {
  left: number;
}

/**
 * Deletes one stream's rows of a level older than `cutoffMs` (an hour boundary), oldest first
 * and whole hours at a time: at every moment the minute rows left are a suffix of whole hours,
 * which is what the charts' fallback to hour rows relies on. A statement's span is cut so that
 * it can delete no more rows than the budget has left (one row a bucket). Returns the rows
 * deleted, and whether the stream's old rows are all gone (false: the budget ran out first).
 */
async function dropStreamRollupsBefore(
  db: Db,
  datastreamId: number,
  bucketSeconds: RollupLevel,
  cutoffMs: number,
  budget: RowBudget,
): Promise<{ deleted: number; done: boolean }> {
  const rowsAnHour = HOUR_MS / (bucketSeconds * 1000);
  let deleted = 0;
  for (;;) {
    const [oldest] = rowsOf<{ ms: number | string | null }>(
      await db.execute(sql`
        SELECT date_part('epoch', min(bucket)) * 1000 AS ms FROM reading_rollups
        WHERE datastream_id = ${datastreamId} AND bucket_seconds = ${bucketSeconds}`),
    );
    if (oldest?.ms == null || Number(oldest.ms) >= cutoffMs) return { deleted, done: true };
    const hours = Math.floor(Math.min(ROLLUP_DELETE_ROWS, budget.left) / rowsAnHour);
    if (hours === 0) return { deleted, done: false };
    const firstHour = Math.floor(Number(oldest.ms) / HOUR_MS) * HOUR_MS;
    const until = Math.min(cutoffMs, firstHour + hours * HOUR_MS);
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql.raw("SET LOCAL lock_timeout = '5s'"));
      return rowsOf<{ n: number | string }>(
        await tx.execute(sql`
          WITH gone AS (
            DELETE FROM reading_rollups
            WHERE datastream_id = ${datastreamId} AND bucket_seconds = ${bucketSeconds}
              AND bucket < ${new Date(until).toISOString()}::timestamptz
            RETURNING 1)
          SELECT count(*) AS n FROM gone`),
      );
    });
    const n = Number(rows[0]?.n ?? 0);
    deleted += n;
    budget.left -= n;
  }
}

/**
 * Deletes every stream's rows of a level older than `cutoffMs` (floored to the hour), streams in
 * order of id from `fromStream`, until the budget is spent. Returns the rows deleted and the
 * stream to start from next time (null: every stream was done).
 */
export async function dropRollupsBefore(
  db: Db,
  bucketSeconds: RollupLevel,
  cutoffMs: number,
  { budget = { left: ROLLUP_ROWS_PER_PASS }, fromStream = 0 } = {},
): Promise<{ deleted: number; resumeAt: number | null }> {
  const cutoff = Math.floor(cutoffMs / HOUR_MS) * HOUR_MS;
  const streams = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM datastreams ORDER BY id`),
  ).map(({ id }) => Number(id));
  // From where the last pass stopped, then round to the start: every stream has its turn.
  const order = [
    ...streams.filter((id) => id >= fromStream),
    ...streams.filter((id) => id < fromStream),
  ];
  let deleted = 0;
  for (const id of order) {
    try {
      const stream = await dropStreamRollupsBefore(db, id, bucketSeconds, cutoff, budget);
      deleted += stream.deleted;
      if (!stream.done) return { deleted, resumeAt: id };
    } catch {
      // Rows locked past the timeout: the next run takes this stream again.
    }
  }
  return { deleted, resumeAt: null };
}

export interface RollupRetentionPass {
  minuteRows: number;
  hourRows: number;
}

export type RollupRetention = PeriodicJob<RollupRetentionPass>;

/** The schedule: the schedules' timetable (server/ops/periodic-job.ts). */
export function startRollupRetention(
  db: Db,
  options: {
    minuteDays: number | undefined;
    hourDays: number | undefined;
    leads?: () => boolean;
    log: (message: string) => void;
    intervalMs?: number;
    now?: () => number;
    /** Rows a pass deletes at most (ROLLUP_ROWS_PER_PASS). */
    rowsPerPass?: number;
  },
): RollupRetention {
  const now = options.now ?? Date.now;
  const { minuteDays, hourDays } = options;
  const rowsPerPass = options.rowsPerPass ?? ROLLUP_ROWS_PER_PASS;
  // Where each level's deletes stopped when a pass spent its budget (memory only: a restart
  // starts again from the first stream, which the data makes safe).
  const resume: Record<RollupLevel, number> = { 60: 0, 3600: 0 };
  const level = async (seconds: RollupLevel, days: number | undefined, budget: RowBudget) => {
    if (days === undefined || budget.left <= 0) return 0;
    const { deleted, resumeAt } = await dropRollupsBefore(db, seconds, now() - days * DAY_MS, {
      budget,
      fromStream: resume[seconds],
    });
    resume[seconds] = resumeAt ?? 0;
    return deleted;
  };
  return startPeriodicJob({
    ...options,
    pass: async () => {
      const budget = { left: rowsPerPass };
      const minuteRows = await level(60, minuteDays, budget);
      const hourRows = await level(3600, hourDays, budget);
      if (minuteRows + hourRows > 0) {
        options.log(
          `Roll-up retention deleted ${minuteRows} minute and ${hourRows} hour roll-up rows`,
        );
      }
      return { minuteRows, hourRows };
    },
    idle: () => ({ minuteRows: 0, hourRows: 0 }),
    failure: 'Roll-up retention failed',
  });
}
