import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { Level } from './downsample.ts';

/** Block or roll-up aggregates of a chart's range (readings-query-repository.ts). */
export interface AggregateRow {
  ms: number;
  v_min: number;
  v_max: number;
  v_sum: number;
  n: number;
  /** The coarsest roll-up read for the point (0: blocks), so the answer can name its level. */
  seconds: number;
}

const iso = (ms: number) => new Date(ms).toISOString();
const HOUR_MS = 3_600_000;

/**
 * Where hour rows stand in for a stream's minute rows: from its oldest hour row to the hour of
 * its oldest minute row, which retention deletes oldest first, whole hours at a time
 * (rollup-retention.ts, issue 34). Null where no minute row is gone.
 */
async function minuteRowsGoneUntil(db: Db, id: number): Promise<number | null> {
  const [row] = rowsOf<{ minute: number | string | null; hour: number | string | null }>(
    await db.execute(sql`
      SELECT (SELECT date_part('epoch', min(bucket)) * 1000 FROM reading_rollups
              WHERE datastream_id = ${id} AND bucket_seconds = 60) AS minute,
             (SELECT date_part('epoch', min(bucket)) * 1000 FROM reading_rollups
              WHERE datastream_id = ${id} AND bucket_seconds = 3600) AS hour`),
  );
  if (row?.hour == null) return null;
  if (row.minute == null) return Number.POSITIVE_INFINITY;
  const minutesFrom = Math.floor(Number(row.minute) / HOUR_MS) * HOUR_MS;
  return Number(row.hour) < minutesFrom ? minutesFrom : null;
}

/** Roll-up rows of one level in [from, to), each straddling `from` counted from `from`. */
const rollupRows = (id: number, seconds: number, fromMs: number, toMs: number) =>
  sql`SELECT greatest(date_part('epoch', bucket) * 1000, ${fromMs}::float8) AS ms,
             v_min, v_max, v_sum, n, bucket_seconds AS seconds
      FROM reading_rollups
      WHERE datastream_id = ${id} AND bucket_seconds = ${seconds}
        AND bucket > ${iso(fromMs - seconds * 1000)}::timestamptz
        AND bucket < ${iso(toMs)}::timestamptz AND n > 0`;

/**
 * The rows a level reads over [from, to). The minute level reads hour rows where the stream's
 * minute rows are gone (both hour-aligned, so no sample counts twice).
 */
async function aggregateSource(
  db: Db,
  level: Exclude<Level, 'raw'>,
  id: number,
  fromMs: number,
  toMs: number,
): Promise<SQL> {
  // date_part, not extract: extract returns numeric (PostgreSQL 14+), and numeric arithmetic
  // on every row was most of the cost of a year of hour rows (issue 16, EXPLAIN ANALYZE).
  if (level === 'block') {
    return sql`SELECT date_part('epoch', start) * 1000 AS ms, v_min, v_max, v_sum, n, 0 AS seconds
            FROM readings WHERE datastream_id = ${id}
              AND start >= ${iso(fromMs)}::timestamptz AND start < ${iso(toMs)}::timestamptz
              AND n > 0`;
  }
  if (level === 'hour') return rollupRows(id, 3600, fromMs, toMs);
  const minutesFrom = (await minuteRowsGoneUntil(db, id)) ?? fromMs;
  if (minutesFrom <= fromMs) return rollupRows(id, 60, fromMs, toMs);
  const hours = rollupRows(id, 3600, fromMs, Math.min(toMs, minutesFrom));
  if (minutesFrom >= toMs) return hours;
  return sql`${hours} UNION ALL ${rollupRows(id, 60, minutesFrom, toMs)}`;
}

/**
 * Block or roll-up aggregates of [from, to), already merged per chart point in the database,
 * so a long range of a fast stream returns at most `maxPoints` rows whatever it covers. A
 * roll-up bucket that straddles `from` counts from `from` (it holds samples inside the range).
 * The level answered is the coarsest read: 'hour' where hour rows stood in for minute ones.
 */
export async function aggregates(
  db: Db,
  asked: Exclude<Level, 'raw'>,
  { id, fromMs, toMs, maxPoints }: { id: number; fromMs: number; toMs: number; maxPoints: number },
): Promise<{ level: Level; rows: AggregateRow[] }> {
  const source = await aggregateSource(db, asked, id, fromMs, toMs);
  const width = (toMs - fromMs) / maxPoints;
  const rows = rowsOf<AggregateRow>(
    await db.execute(sql`
      SELECT min(ms) AS ms, min(v_min) AS v_min, max(v_max) AS v_max, sum(v_sum) AS v_sum,
             sum(n)::float8 AS n, max(seconds) AS seconds
      FROM (${source}) AS r
      GROUP BY least(${maxPoints - 1}::int, floor((ms - ${fromMs}::float8) / ${width}::float8))`),
  );
  const level = rows.some((row) => Number(row.seconds) === 3600) ? 'hour' : asked;
  return { level, rows };
}
