// Which counted days a record entered later has made wrong (issue 30, decision 045, 2026-12-02
// (e)): a maintenance event or calibration entered for a period already counted, a fault or
// 'Sensor fault' alert covering it, a record changed or deleted. Each day keeps the spans it left
// out when it was counted; the same records give them again, so a difference is a change.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { excludedSpansOfDay, excludedWindows } from './excluded-windows.ts';

const DAY_MS = 86_400_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Days whose spans are written without a recount at once, so one statement stays small. */
const ADOPT_CHUNK = 500;

/**
 * The first counted day (through `countedThrough`) whose left-out spans differ from the ones it
 * was counted with, or null. Days counted before the spans were kept (null) take the present
 * ones without a recount: what was entered before then cannot be told apart. One pass over the
 * stream's day rows and one set of record queries over the counted period.
 */
export async function firstChangedDay(
  db: Db,
  datastreamId: number,
  countedThrough: string,
): Promise<string | null> {
  const days = rowsOf<{ day: string; excluded_spans: string | null }>(
    await db.execute(sql`
      SELECT day::text AS day, excluded_spans FROM fatigue_histograms
      WHERE datastream_id = ${datastreamId} AND day <= ${countedThrough}::date
      ORDER BY day`),
  );
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return null;
  const windows = await excludedWindows(
    db,
    datastreamId,
    dayStart(first.day),
    dayStart(last.day) + DAY_MS,
  );
  let changed: string | null = null;
  const adopt: { day: string; spans: string }[] = [];
  for (const row of days) {
    const spans = excludedSpansOfDay(windows, dayStart(row.day));
    if (row.excluded_spans === null) adopt.push({ day: row.day, spans });
    else if (row.excluded_spans !== spans && changed === null) changed = row.day;
  }
  const kept = adopt.filter((a) => changed === null || a.day < changed);
  for (let i = 0; i < kept.length; i += ADOPT_CHUNK) {
    const values = sql.join(
      kept.slice(i, i + ADOPT_CHUNK).map((a) => sql`(${a.day}::date, ${a.spans}::text)`),
      sql`, `,
    );
    await db.execute(sql`
      UPDATE fatigue_histograms h SET excluded_spans = v.spans
      FROM (VALUES ${values}) AS v(day, spans)
      WHERE h.datastream_id = ${datastreamId} AND h.day = v.day AND h.excluded_spans IS NULL`);
  }
  return changed;
}
