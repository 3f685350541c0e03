import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';

/** Days one request may summarise: a year and a month's margin. */
export const MAX_DAILY_MODE_DAYS = 400;
/** Reference versions whose series one answer holds at most (the newest). */
export const MAX_DAILY_MODE_VERSIONS = 10;
/** Grouped rows one query returns at most: 400 days × (12 modes + the day's total) × 2 versions. */
const MAX_GROUPED_ROWS = MAX_DAILY_MODE_DAYS * 13 * 2;

export interface DailySpread {
  median: number;
  q1: number;
  q3: number;
}

export interface ModeDayRow {
  day: string;
  found: number;
  lost: number;
  frequencyHz: DailySpread | null;
  dampingRatio: DailySpread | null;
}

export interface ModeDailySeries {
  referenceVersion: number;
  referenceMode: number;
  days: ModeDayRow[];
}

export interface ModesDaily {
  /** Each UTC day with an identified window, oldest first, and how many. */
  days: { day: string; windows: number }[];
  /** By reference version, then position. */
  modes: ModeDailySeries[];
}

type Grouped = {
  day: string;
  reference_version: number | null;
  reference_mode: number | null;
  is_total: number | string;
  windows: number | string;
  found: number | string;
  lost: number | string;
  f_q1: number | null;
  f_median: number | null;
  f_q3: number | null;
  d_q1: number | null;
  d_median: number | null;
  d_q3: number | null;
};

function spreadOf(q1: number | null, median: number | null, q3: number | null): DailySpread | null {
  if (q1 === null || median === null || q3 === null) return null;
  return { median: Number(median), q1: Number(q1), q3: Number(q3) };
}

/** The newest versions' series, MAX_DAILY_MODE_VERSIONS of them at most. */
function newestVersions(series: Map<string, ModeDailySeries>): ModeDailySeries[] {
  const versions = [...new Set([...series.values()].map((s) => s.referenceVersion))]
    .sort((a, b) => b - a)
    .slice(0, MAX_DAILY_MODE_VERSIONS);
  return [...series.values()]
    .filter((s) => versions.includes(s.referenceVersion))
    .sort((a, b) => a.referenceVersion - b.referenceVersion || a.referenceMode - b.referenceMode);
}

/**
 * Each reference mode's identified frequency and damping summarised per UTC day (decision 076's
 * amendment of 2026-12-01): one grouped query over the bridge's stored windows in [fromMs,
 * toMs), the per-day window totals in the same pass (a grouping set), served by the table's
 * primary key (bridge, window start). The quartiles are PostgreSQL's `percentile_cont` (linear
 * interpolation); lost rows carry no frequency and so count only as lost.
 */
export async function modesDaily(
  db: Db,
  bridgeId: number,
  fromMs: number,
  toMs: number,
): Promise<ModesDaily> {
  const from = new Date(fromMs).toISOString();
  const to = new Date(toMs).toISOString();
  const rows = rowsOf<Grouped>(
    await db.execute(sql`
      SELECT to_char(window_start AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
        reference_version, reference_mode,
        GROUPING(reference_version, reference_mode) AS is_total,
        count(DISTINCT window_start) AS windows,
        count(*) FILTER (WHERE NOT lost) AS found,
        count(*) FILTER (WHERE lost) AS lost,
        percentile_cont(0.25) WITHIN GROUP (ORDER BY frequency_hz) AS f_q1,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY frequency_hz) AS f_median,
        percentile_cont(0.75) WITHIN GROUP (ORDER BY frequency_hz) AS f_q3,
        percentile_cont(0.25) WITHIN GROUP (ORDER BY damping_ratio) AS d_q1,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY damping_ratio) AS d_median,
        percentile_cont(0.75) WITHIN GROUP (ORDER BY damping_ratio) AS d_q3
      FROM identified_modes
      WHERE bridge_id = ${bridgeId}
        AND window_start >= ${from}::timestamptz AND window_start < ${to}::timestamptz
      GROUP BY GROUPING SETS ((1), (1, reference_version, reference_mode))
      ORDER BY 1, 2, 3
      LIMIT ${MAX_GROUPED_ROWS}`),
  );
  const days: ModesDaily['days'] = [];
  const series = new Map<string, ModeDailySeries>();
  for (const row of rows) {
    if (Number(row.is_total) !== 0) {
      days.push({ day: row.day, windows: Number(row.windows) });
      continue;
    }
    // An identified mode no reference mode matched has no series.
    if (row.reference_mode === null || row.reference_version === null) continue;
    const key = `${row.reference_version}:${row.reference_mode}`;
    const entry = series.get(key) ?? {
      referenceVersion: Number(row.reference_version),
      referenceMode: Number(row.reference_mode),
      days: [],
    };
    entry.days.push({
      day: row.day,
      found: Number(row.found),
      lost: Number(row.lost),
      frequencyHz: spreadOf(row.f_q1, row.f_median, row.f_q3),
      dampingRatio: spreadOf(row.d_q1, row.d_median, row.d_q3),
    });
    series.set(key, entry);
  }
  return { days, modes: newestVersions(series) };
}
