import { sql } from 'drizzle-orm';
import { LIMIT_WINDOW_MS, type WindowMean } from '../analytics/limit-breaches.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

/**
 * 10-minute means of one stream over [from, to) (10-minute aligned), from its minute roll-ups:
 * the ingest keeps them with every stored block, so a week of a 10 Hz gauge is 10,080 rows to
 * sum instead of six million samples to decode. Each minute bucket lies wholly in one window, so
 * the means are those of the samples themselves.
 */
export async function meansOf(
  db: Db,
  datastreamId: number,
  from: number,
  to: number,
): Promise<WindowMean[]> {
  const rows = rowsOf<{ slot: number; sum: number; n: number }>(
    await db.execute(sql`
      SELECT floor((date_part('epoch', bucket) * 1000 - ${from}::float8)
                   / ${LIMIT_WINDOW_MS}::float8) AS slot,
             sum(v_sum) AS sum, sum(n)::float8 AS n
      FROM reading_rollups
      WHERE datastream_id = ${datastreamId} AND bucket_seconds = 60
        AND bucket >= ${new Date(from).toISOString()}::timestamptz
        AND bucket < ${new Date(to).toISOString()}::timestamptz AND n > 0
      GROUP BY 1 ORDER BY 1`),
  );
  return rows.map((row) => ({
    start: from + Number(row.slot) * LIMIT_WINDOW_MS,
    mean: Number(row.sum) / Number(row.n),
  }));
}

/** The means of [from, to) as one value per 10-minute slot, NaN for a slot without data. */
export async function slotMeans(
  db: Db,
  datastreamId: number,
  from: number,
  to: number,
): Promise<number[]> {
  const slots = new Array<number>(Math.max(0, Math.floor((to - from) / LIMIT_WINDOW_MS))).fill(
    Number.NaN,
  );
  for (const { start, mean } of await meansOf(db, datastreamId, from, to)) {
    const slot = Math.round((start - from) / LIMIT_WINDOW_MS);
    if (slot >= 0 && slot < slots.length) slots[slot] = mean;
  }
  return slots;
}
