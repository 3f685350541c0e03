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

/** Roll-up rows of one level in [from, to), each straddling `from` counted from `from`. */
const rollupRows = (id: number, seconds: number, fromMs: number, toMs: number) =>
  sql`SELECT greatest(date_part('epoch', bucket) * 1000, ${fromMs}::float8) AS ms,
             v_min, v_max, v_sum, n, bucket_seconds AS seconds
      FROM reading_rollups
      WHERE datastream_id = ${id} AND bucket_seconds = ${seconds}
        AND bucket > ${iso(fromMs - seconds * 1000)}::timestamptz
        AND bucket < ${iso(toMs)}::timestamptz AND n > 0`;

/**
 * Where hour rows stand in for a stream's minute rows, in milliseconds, or null: from its oldest
 * hour row to the hour of its oldest minute row, which retention deletes oldest first, whole
 * hours at a time (rollup-retention.ts, issue 34); infinity where no minute row is left. Whole
 * UTC hours of the epoch, whatever the session's time zone. Null where no minute row is gone.
 */
const minuteRowsGoneUntil = (id: number) =>
  sql`SELECT CASE WHEN hour IS NULL THEN NULL
                  WHEN minute IS NULL THEN 'infinity'::float8
                  WHEN hour < floor(minute / ${HOUR_MS}::float8) * ${HOUR_MS}::float8
                    THEN floor(minute / ${HOUR_MS}::float8) * ${HOUR_MS}::float8
             END AS ms
      FROM (SELECT (SELECT date_part('epoch', min(bucket)) * 1000 FROM reading_rollups
                    WHERE datastream_id = ${id} AND bucket_seconds = 60) AS minute,
                   (SELECT date_part('epoch', min(bucket)) * 1000 FROM reading_rollups
                    WHERE datastream_id = ${id} AND bucket_seconds = 3600) AS hour) AS oldest`;

/**
 * The minute level over [from, to) in one statement (decision 082: the look-up above was a round
 * trip of its own before the aggregate query). `m` is where the minute rows start when that lies
 * after `from` (null: minute rows over the whole range): hour rows before it, minute rows from it
 * (both hour-aligned, so no sample counts twice); the look-up's two sub-selects run once.
 */
const minuteLevelRows = (id: number, fromMs: number, toMs: number) =>
  sql`WITH split AS (
        SELECT CASE WHEN ms > ${fromMs}::float8 THEN ms END AS m FROM (${minuteRowsGoneUntil(id)}) AS g)
      SELECT greatest(date_part('epoch', bucket) * 1000, ${fromMs}::float8) AS ms,
             v_min, v_max, v_sum, n, bucket_seconds AS seconds
      FROM reading_rollups
      WHERE datastream_id = ${id} AND bucket_seconds = 3600
        AND (SELECT m FROM split) IS NOT NULL
        AND bucket > ${iso(fromMs - HOUR_MS)}::timestamptz
        AND bucket < least(${iso(toMs)}::timestamptz, to_timestamp((SELECT m FROM split) / 1000))
        AND n > 0
      UNION ALL
      SELECT greatest(date_part('epoch', bucket) * 1000,
                      coalesce((SELECT m FROM split), ${fromMs}::float8)) AS ms,
             v_min, v_max, v_sum, n, bucket_seconds AS seconds
      FROM reading_rollups
      WHERE datastream_id = ${id} AND bucket_seconds = 60
        AND coalesce((SELECT m FROM split) < ${toMs}::float8, TRUE)
        AND bucket > coalesce(to_timestamp(((SELECT m FROM split) - 60000) / 1000),
                              ${iso(fromMs - 60_000)}::timestamptz)
        AND bucket < ${iso(toMs)}::timestamptz AND n > 0`;

/**
 * The rows a level reads over [from, to). The minute level reads hour rows where the stream's
 * minute rows are gone.
 */
function aggregateSource(
  level: Exclude<Level, 'raw'>,
  id: number,
  fromMs: number,
  toMs: number,
): SQL {
  // date_part, not extract: extract returns numeric (PostgreSQL 14+), and numeric arithmetic
  // on every row was most of the cost of a year of hour rows (issue 16, EXPLAIN ANALYZE).
  if (level === 'block') {
    return sql`SELECT date_part('epoch', start) * 1000 AS ms, v_min, v_max, v_sum, n, 0 AS seconds
            FROM readings WHERE datastream_id = ${id}
              AND start >= ${iso(fromMs)}::timestamptz AND start < ${iso(toMs)}::timestamptz
              AND n > 0`;
  }
  if (level === 'hour') return rollupRows(id, 3600, fromMs, toMs);
  return minuteLevelRows(id, fromMs, toMs);
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
  const source = aggregateSource(asked, id, fromMs, toMs);
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
