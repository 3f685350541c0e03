import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { identifiedModeDays } from '../db/schema.ts';
import { groupedDays } from './modes-daily.ts';

const DAY_MS = 86_400_000;
/** Complete days one catch-up rolls at most, so a year's backlog costs a dozen bounded passes. */
export const ROLL_UP_DAYS_PER_PASS = 31;
/** First key of the advisory lock that serialises a bridge's roll-up with its window writes. */
const ROLL_UP_LOCK = 7601;

const midnightOf = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The invariant the daily summary reads by (modes-daily.ts): for every UTC day up to the
 * bridge's newest stored day (`through`), the stored row is the grouped query's answer for that
 * day, and a day without windows has none. Writers of `identified_modes` keep it in the same
 * transaction (`refreshRolledDays`); `catchUpRolledDays` moves `through` on over complete days.
 * Both take a per-bridge transaction lock first, so a window stored while a catch-up computes
 * its day is seen by one or the other.
 */
async function lockBridge(db: Db, bridgeId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${ROLL_UP_LOCK}, ${bridgeId})`);
}

/** The midnight (ms) of the newest rolled day, null before the first. */
async function rolledThrough(db: Db, bridgeId: number): Promise<number | null> {
  const [row] = rowsOf<{ through: string | null }>(
    await db.execute(sql`
      SELECT to_char(max(day), 'YYYY-MM-DD') AS through
      FROM identified_mode_days WHERE bridge_id = ${bridgeId}`),
  );
  return row?.through ? Date.parse(row.through) : null;
}

/** Recomputes the stored days of [fromMs, toMs) (whole UTC days) from the stored windows. */
async function rollDays(db: Db, bridgeId: number, fromMs: number, toMs: number): Promise<number> {
  const groups = await groupedDays(db, bridgeId, fromMs, toMs);
  await db
    .delete(identifiedModeDays)
    .where(
      and(
        eq(identifiedModeDays.bridgeId, bridgeId),
        gte(identifiedModeDays.day, dayText(fromMs)),
        lt(identifiedModeDays.day, dayText(toMs)),
      ),
    );
  if (groups.length > 0) {
    await db.insert(identifiedModeDays).values(groups.map((g) => ({ bridgeId, ...g })));
  }
  return groups.length;
}

/**
 * Touched days (midnights, ms) as runs of consecutive days, each at most ROLL_UP_DAYS_PER_PASS
 * days long, as [from, to) ranges: the recomputation covers the touched days and nothing
 * between them, whatever their spread.
 */
export function touchedDayRuns(days: readonly number[]): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run[1] === day && run[1] - run[0] < ROLL_UP_DAYS_PER_PASS * DAY_MS) run[1] += DAY_MS;
    else runs.push([day, day + DAY_MS]);
  }
  return runs;
}

/**
 * After windows starting at `startsMs` were stored or dropped, in the same transaction: the
 * already rolled days among them are recomputed (a late window, the retention's deletions);
 * later days are read live anyway. Consecutive touched days go together, a month at most, so
 * the work follows the touched days: a retention pass and a late window a year apart recompute
 * their own days, not the year between.
 */
export async function refreshRolledDays(
  tx: Db,
  bridgeId: number,
  startsMs: readonly number[],
): Promise<void> {
  if (startsMs.length === 0) return;
  await lockBridge(tx, bridgeId);
  const through = await rolledThrough(tx, bridgeId);
  if (through === null) return;
  const days = startsMs.map(midnightOf).filter((d) => d <= through);
  for (const [from, to] of touchedDayRuns(days)) await rollDays(tx, bridgeId, from, to);
}

/**
 * Rolls up the next complete days with windows after the newest rolled one: from the first
 * such day, ROLL_UP_DAYS_PER_PASS days at most and never today (UTC, from `nowMs`), which is
 * still filling. Returns the days with windows rolled (0: nothing to do). Bounded, so the
 * modal step calls it once per bridge run (trackModes, its one caller); a backlog (days stored
 * before the roll-up existed) drains a month per run.
 */
export async function catchUpRolledDays(db: Db, bridgeId: number, nowMs: number): Promise<number> {
  const today = midnightOf(nowMs);
  return db.transaction(async (tx) => {
    await lockBridge(tx, bridgeId);
    const through = await rolledThrough(tx, bridgeId);
    const after = new Date(through === null ? 0 : through + DAY_MS).toISOString();
    const [next] = rowsOf<{ start: string | null }>(
      await tx.execute(sql`
        SELECT to_char(min(window_start) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS start
        FROM identified_modes
        WHERE bridge_id = ${bridgeId} AND window_start >= ${after}::timestamptz
          AND window_start < ${new Date(today).toISOString()}::timestamptz`),
    );
    if (!next?.start) return 0;
    const first = Date.parse(next.start);
    return rollDays(tx, bridgeId, first, Math.min(first + ROLL_UP_DAYS_PER_PASS * DAY_MS, today));
  });
}
