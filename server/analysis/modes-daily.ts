import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { ModeDaySummary } from '../db/schema.ts';

/** Days one request may summarise: a year and a month's margin. */
export const MAX_DAILY_MODE_DAYS = 400;
/** Reference versions whose series one answer holds at most (the newest). */
export const MAX_DAILY_MODE_VERSIONS = 10;
/** Grouped rows one query returns at most: 400 days × (12 modes + the day's total) × 2 versions. */
const MAX_GROUPED_ROWS = MAX_DAILY_MODE_DAYS * 13 * 2;
const DAY_MS = 86_400_000;

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

/** A UTC day's windows and its reference modes' summaries, as stored in `identified_mode_days`. */
export interface DayGroup {
  day: string;
  windows: number;
  modes: ModeDaySummary[];
}

/**
 * The grouped query over the bridge's stored windows in [fromMs, toMs), per UTC day (decision
 * 076's amendment of 2026-12-01): the per-day window totals in the same pass (a grouping set),
 * served by the table's primary key (bridge, window start). The quartiles are PostgreSQL's
 * `percentile_cont` (linear interpolation); lost rows carry no frequency and so count only as
 * lost. An identified mode no reference mode matched has no summary. Days oldest first.
 */
export async function groupedDays(
  db: Db,
  bridgeId: number,
  fromMs: number,
  toMs: number,
): Promise<DayGroup[]> {
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
  const days = new Map<string, DayGroup>();
  for (const row of rows) {
    const group = days.get(row.day) ?? { day: row.day, windows: 0, modes: [] };
    days.set(row.day, group);
    if (Number(row.is_total) !== 0) {
      group.windows = Number(row.windows);
      continue;
    }
    if (row.reference_mode === null || row.reference_version === null) continue;
    group.modes.push({
      referenceVersion: Number(row.reference_version),
      referenceMode: Number(row.reference_mode),
      found: Number(row.found),
      lost: Number(row.lost),
      frequencyHz: spreadOf(row.f_q1, row.f_median, row.f_q3),
      dampingRatio: spreadOf(row.d_q1, row.d_median, row.d_q3),
    });
  }
  return [...days.values()].filter((d) => d.windows > 0);
}

type Rolled = {
  through: string | null;
  day: string | null;
  windows: number | null;
  modes: unknown;
};

/**
 * The stored days of [fromMs, toMs) up to the bridge's newest rolled day (`through`, the
 * midnight after it in ms; null: nothing rolled). One statement, so the rows and `through`
 * come from one snapshot.
 */
async function rolledDays(db: Db, bridgeId: number, fromMs: number, toMs: number) {
  const from = new Date(fromMs).toISOString().slice(0, 10);
  const to = new Date(toMs).toISOString().slice(0, 10);
  const rows = rowsOf<Rolled>(
    await db.execute(sql`
      SELECT to_char(w.through, 'YYYY-MM-DD') AS through, to_char(d.day, 'YYYY-MM-DD') AS day,
        d.windows, d.modes
      FROM (SELECT max(day) AS through FROM identified_mode_days WHERE bridge_id = ${bridgeId}) w
      LEFT JOIN identified_mode_days d ON d.bridge_id = ${bridgeId}
        AND d.day >= ${from}::date AND d.day < ${to}::date AND d.day <= w.through
      ORDER BY d.day
      LIMIT ${MAX_DAILY_MODE_DAYS + 1}`),
  );
  const through = rows[0]?.through ?? null;
  const days: DayGroup[] = rows.flatMap((r) =>
    r.day === null
      ? []
      : [{ day: r.day, windows: Number(r.windows), modes: r.modes as ModeDaySummary[] }],
  );
  return { throughMs: through === null ? null : Date.parse(through) + DAY_MS, days };
}

/**
 * Each reference mode's identified frequency and damping summarised per UTC day (decision 076's
 * amendment of 2026-12-01) over [fromMs, toMs): the complete days the worker rolled up read from
 * `identified_mode_days` (modes-rollup.ts), the days after them (today's at least) by the grouped
 * query, live. Both answer the same numbers: the stored rows are that query's answers.
 */
export async function modesDaily(
  db: Db,
  bridgeId: number,
  fromMs: number,
  toMs: number,
): Promise<ModesDaily> {
  const rolled = await rolledDays(db, bridgeId, fromMs, toMs);
  const liveFrom = Math.max(fromMs, rolled.throughMs ?? fromMs);
  const live = liveFrom < toMs ? await groupedDays(db, bridgeId, liveFrom, toMs) : [];
  const days: ModesDaily['days'] = [];
  const series = new Map<string, ModeDailySeries>();
  for (const group of [...rolled.days, ...live]) {
    days.push({ day: group.day, windows: group.windows });
    for (const mode of group.modes) {
      const key = `${mode.referenceVersion}:${mode.referenceMode}`;
      const entry = series.get(key) ?? {
        referenceVersion: mode.referenceVersion,
        referenceMode: mode.referenceMode,
        days: [],
      };
      entry.days.push({
        day: group.day,
        found: mode.found,
        lost: mode.lost,
        frequencyHz: mode.frequencyHz,
        dampingRatio: mode.dampingRatio,
      });
      series.set(key, entry);
    }
  }
  return { days, modes: newestVersions(series) };
}
