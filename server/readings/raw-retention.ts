/**
 * Raw retention (issue 16, RAW_RETENTION_DAYS): raw blocks older than a settable age are
 * dropped a whole monthly partition at a time, which frees the space at once and leaves no dead
 * rows to vacuum; the minute and hour roll-ups stay, so charts of any age still answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-job.ts';

const DAY_MS = 86_400_000;
/** The names partitions.ts gives: readings_y2026m10 holds October 2026. */
const MONTHLY = /^readings_y(\d{4})m(\d{2})$/;

/** The end of a monthly partition's range, or null for any other table. */
function monthEndOf(name: string): number | null {
  const match = MONTHLY.exec(name);
  if (!match) return null;
  return Date.UTC(Number(match[1]), Number(match[2]), 1);
}

/**
 * Drops every monthly partition of `readings` whose month ended at or before `cutoffMs`, and
 * returns their names. A partition still in use waits at most a few seconds for its lock and
 * is then left for the next run, so ingest is never held up for long.
 */
export async function dropRawPartitionsBefore(db: Db, cutoffMs: number): Promise<string[]> {
  const partitions = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'readings'::regclass`),
  );
  const expired = partitions
    .map((p) => p.name)
    .filter((name) => {
      const end = monthEndOf(name);
      return end !== null && end <= cutoffMs;
    })
    .sort();
  const dropped: string[] = [];
  for (const name of expired) {
    try {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw("SET LOCAL lock_timeout = '5s'"));
        // The name matched MONTHLY above: only our own digits reach the statement.
        await tx.execute(sql.raw(`DROP TABLE IF EXISTS ${name}`));
      });
      dropped.push(name);
    } catch {
      // Busy or already gone: the next run tries again.
    }
  }
  return dropped;
}

/** One pass returns the partitions dropped. */
export type RawRetention = PeriodicJob<string[]>;

/** The schedule: the schedules' timetable (server/ops/periodic-job.ts). */
export function startRawRetention(
  db: Db,
  options: {
    days: number;
    leads?: () => boolean;
    log: (message: string) => void;
    intervalMs?: number;
    now?: () => number;
  },
): RawRetention {
  const now = options.now ?? Date.now;
  return startPeriodicJob({
    ...options,
    pass: async () => {
      const dropped = await dropRawPartitionsBefore(db, now() - options.days * DAY_MS);
      if (dropped.length > 0) options.log(`Raw retention dropped ${dropped.join(', ')}`);
      return dropped;
    },
    idle: () => [],
    failure: 'Raw retention failed',
  });
}
