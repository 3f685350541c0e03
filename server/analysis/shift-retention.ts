/**
 * Retention of the stored reference shift (decision 051, 2026-11-29 evening): every window at full
 * resolution for FULL_RESOLUTION_DAYS, one row a UTC day beyond (the day's judged windows averaged,
 * weighted by how many windows each row already stands for). frequency_shifts then grows by one
 * row a line a day instead of 144. The latches (frequency_shift_levels) are not touched, so a level
 * crossed stays crossed; and the latch reads back only the day before an evaluation's new windows,
 * which is always inside the full-resolution period.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { DAY_MS, HISTORY_DAYS } from './analysis-rules.ts';

/**
 * Longer than an evaluation reads back (HISTORY_DAYS, 56) plus the latch's trailing day, so an
 * evaluation never rewrites a day already averaged; a quarter of a year, past which the chart's
 * buckets (500 points since commissioning) are most of a day wide anyway.
 */
export const FULL_RESOLUTION_DAYS = 90;
if (FULL_RESOLUTION_DAYS <= HISTORY_DAYS + 1) throw new Error('retention inside the history');

/** Days averaged a statement, so one pass never holds a long transaction. */
const DAYS_A_PASS = 500;

/**
 * Replaces the windows of each (bridge, line, reference version, UTC day) before the UTC day of
 * `cutoffMs` by one row at the day's first window: the judged windows' mean shift (weighted by
 * `windows`) and the root mean square of their uncertainties (as the chart's buckets take it).
 * Windows not judged are dropped: the chart leaves them out and the latch does not read that far
 * back. Returns how many day rows it wrote.
 */
export async function averageShiftDaysBefore(db: Db, cutoffMs: number): Promise<number> {
  const cutoff = new Date(Math.floor(cutoffMs / DAY_MS) * DAY_MS).toISOString();
  let written = 0;
  for (;;) {
    const [row] = rowsOf<{ days: number | string; n: number | string }>(
      await db.execute(sql`
        WITH days AS (
          SELECT bridge_id, feature, reference_version,
                 date_trunc('day', window_start AT TIME ZONE 'UTC') AS day
          FROM frequency_shifts
          WHERE window_start < ${cutoff}::timestamptz
          GROUP BY 1, 2, 3, 4
          -- A day already one judged row is done, whatever it stands for: selecting it again
          -- would rewrite it unchanged, and 500 such days would keep the loop from ending.
          HAVING count(*) > 1 OR bool_or(NOT judged)
          LIMIT ${DAYS_A_PASS}
        ), gone AS (
          DELETE FROM frequency_shifts f USING days d
          WHERE f.bridge_id = d.bridge_id AND f.feature = d.feature
            AND f.reference_version = d.reference_version
            AND date_trunc('day', f.window_start AT TIME ZONE 'UTC') = d.day
          RETURNING f.*
        ), averaged AS (
          INSERT INTO frequency_shifts
            (bridge_id, feature, window_start, shift_percent, uncertainty_percent,
             reference_version, judged, windows)
          SELECT bridge_id, feature, min(window_start),
                 sum(shift_percent * windows) / sum(windows),
                 sqrt(sum(uncertainty_percent ^ 2 * windows) / sum(windows)),
                 reference_version, true, sum(windows)::integer
          FROM gone WHERE judged
          GROUP BY bridge_id, feature, reference_version,
                   date_trunc('day', window_start AT TIME ZONE 'UTC')
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM days) AS days, (SELECT count(*) FROM averaged) AS n`),
    );
    written += Number(row?.n ?? 0);
    if (Number(row?.days ?? 0) < DAYS_A_PASS) return written;
  }
}
