/**
 * Raw retention (issue 16, RAW_RETENTION_DAYS): raw blocks older than a settable age are
 * dropped a whole monthly partition at a time, which frees the space at once and leaves no dead
 * rows to vacuum; the minute and hour roll-ups stay, so charts of any age still answer.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

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

export interface RawRetention {
  /** One pass now (the schedule's tick); returns the partitions dropped. */
  runOnce(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * The schedule: a pass at start and every `intervalMs` (default an hour), only in the process
 * that leads the schedules (the advisory lock in server/ops/advisory-lock.ts), never two at once.
 */
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
  let running: Promise<string[]> | null = null;
  const now = options.now ?? Date.now;

  function runOnce(): Promise<string[]> {
    if (running) return running;
    if (options.leads?.() === false) return Promise.resolve([]);
    running = dropRawPartitionsBefore(db, now() - options.days * DAY_MS)
      .then((dropped) => {
        if (dropped.length > 0) options.log(`Raw retention dropped ${dropped.join(', ')}`);
        return dropped;
      })
      .catch((error: unknown) => {
        options.log(`Raw retention failed: ${String(error)}`);
        return [];
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  const first = setTimeout(() => void runOnce(), 1000);
  first.unref();
  const timer = setInterval(() => void runOnce(), options.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
