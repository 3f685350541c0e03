/**
 * Roll-up retention by tier (issue 34, MINUTE_ROLLUP_RETENTION_DAYS and
 * HOUR_ROLLUP_RETENTION_DAYS): minute rows older than their age are deleted, hour rows kept
 * (or dropped at an age of their own), so years of history cost 24 rows a stream-day and charts
 * of old ranges answer from hour rows (readings-query-repository.ts falls back to them).
 * `reading_rollups` is not partitioned, so rows go in small deletes, each its own short
 * transaction that locks only the rows it deletes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows one delete removes at most: a day of one stream's minute rows. */
export const ROLLUP_DELETE_ROWS = 1440;

export type RollupLevel = 60 | 3600;

/**
 * Deletes one stream's rows of a level older than `cutoffMs` (an hour boundary), oldest first
 * and whole hours at a time: at every moment the minute rows left are a suffix of whole hours,
 * which is what the charts' fallback to hour rows relies on. Returns the rows deleted.
 */
async function dropStreamRollupsBefore(
  db: Db,
  datastreamId: number,
  bucketSeconds: RollupLevel,
  cutoffMs: number,
): Promise<number> {
  const spanMs = ROLLUP_DELETE_ROWS * bucketSeconds * 1000;
  let deleted = 0;
  for (;;) {
    const [oldest] = rowsOf<{ ms: number | string | null }>(
      await db.execute(sql`
        SELECT date_part('epoch', min(bucket)) * 1000 AS ms FROM reading_rollups
        WHERE datastream_id = ${datastreamId} AND bucket_seconds = ${bucketSeconds}`),
    );
    if (oldest?.ms == null || Number(oldest.ms) >= cutoffMs) return deleted;
    const firstHour = Math.floor(Number(oldest.ms) / HOUR_MS) * HOUR_MS;
    const until = Math.min(cutoffMs, firstHour + spanMs);
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
    deleted += Number(rows[0]?.n ?? 0);
  }
}

/** Deletes every stream's rows of a level older than `cutoffMs` (floored to the hour). */
export async function dropRollupsBefore(
  db: Db,
  bucketSeconds: RollupLevel,
  cutoffMs: number,
): Promise<number> {
  const cutoff = Math.floor(cutoffMs / HOUR_MS) * HOUR_MS;
  const streams = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM datastreams ORDER BY id`),
  );
  let deleted = 0;
  for (const { id } of streams) {
    try {
      deleted += await dropStreamRollupsBefore(db, Number(id), bucketSeconds, cutoff);
    } catch {
      // Rows locked past the timeout: the next run takes this stream again.
    }
  }
  return deleted;
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
  },
): RollupRetention {
  const now = options.now ?? Date.now;
  const { minuteDays, hourDays } = options;
  return startPeriodicJob({
    ...options,
    pass: async () => {
      const minuteRows =
        minuteDays === undefined ? 0 : await dropRollupsBefore(db, 60, now() - minuteDays * DAY_MS);
      const hourRows =
        hourDays === undefined ? 0 : await dropRollupsBefore(db, 3600, now() - hourDays * DAY_MS);
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
