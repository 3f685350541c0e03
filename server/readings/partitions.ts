import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

const monthKey = (ms: number) => new Date(ms).toISOString().slice(0, 7);

/**
 * Adds the monthly partition of `readings` for every month a batch touches, once per process.
 * A failure (another process won the race, or the default partition already holds rows of that
 * month) leaves the rows in `readings_default`, which still answers every query.
 */
export function createPartitionKeeper(db: Db) {
  const known = new Set<string>();
  // The last month seen as [from, to): nearly every block of a batch falls in it, and checking
  // two numbers is far cheaper than formatting a date per block.
  let lastFrom = 0;
  let lastTo = 0;
  return async function ensureMonths(startsMs: Iterable<number>): Promise<void> {
    const months = new Set<string>();
    for (const ms of startsMs) {
      if (ms >= lastFrom && ms < lastTo) continue;
      const key = monthKey(ms);
      if (!known.has(key)) months.add(key);
      else {
        const date = new Date(ms);
        lastFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
        lastTo = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
      }
    }
    for (const key of months) {
      const [year, month] = key.split('-').map(Number) as [number, number];
      const from = new Date(Date.UTC(year, month - 1, 1)).toISOString();
      const to = new Date(Date.UTC(year, month, 1)).toISOString();
      const name = `readings_y${year}m${String(month).padStart(2, '0')}`;
      try {
        await db.execute(
          sql.raw(
            `CREATE TABLE IF NOT EXISTS ${name} PARTITION OF readings FOR VALUES FROM ('${from}') TO ('${to}')`,
          ),
        );
      } catch {
        // Kept in readings_default; see the comment above.
      }
      known.add(key);
    }
  };
}
