import { and, asc, desc, eq, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identifiedModes, MAX_STORED_MODES } from '../db/schema.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';
import { refreshRolledDays } from './modes-rollup.ts';

export type StoredModeRow = typeof identifiedModes.$inferSelect;
export type NewStoredMode = typeof identifiedModes.$inferInsert;

/** Identified windows older than this are dropped as new ones are stored; references stay. */
export const MODES_RETENTION_DAYS = 366;
const DAY_MS = 86_400_000;
const WINDOW_MS = WINDOW_SECONDS * 1000;

/** The stored modes of each bridge, by window (decision 059). */
export function createModesStore(db: Db) {
  /** Distinct window starts matching `where`, oldest or newest first, `count` at most. */
  async function windowStarts(
    where: SQL | undefined,
    from: 'oldest' | 'newest',
    count: number,
  ): Promise<Date[]> {
    const rows = await db
      .selectDistinct({ start: identifiedModes.windowStart })
      .from(identifiedModes)
      .where(where)
      .orderBy(
        from === 'oldest' ? asc(identifiedModes.windowStart) : desc(identifiedModes.windowStart),
      )
      .limit(count);
    return rows.map((r) => r.start);
  }

  /** The rows matching `where` of `windows` windows at most, by window start (oldest first). */
  async function rowsByWindow(
    where: SQL | undefined,
    windows: number,
  ): Promise<Map<number, StoredModeRow[]>> {
    const rows = await db
      .select()
      .from(identifiedModes)
      .where(where)
      .orderBy(asc(identifiedModes.windowStart), asc(identifiedModes.position))
      .limit(windows * MAX_STORED_MODES);
    const byStart = new Map<number, StoredModeRow[]>();
    for (const row of rows) {
      const key = row.windowStart.getTime();
      byStart.set(key, [...(byStart.get(key) ?? []), row]);
    }
    return byStart;
  }

  return {
    /**
     * The newest `count` window starts of a bridge, newest first; with `cut`, those starting
     * before it matched against `maxVersion` or an earlier version (the answer as it stood then).
     */
    newestStarts(
      bridgeId: number,
      count: number,
      cut?: { before: Date; maxVersion: number },
    ): Promise<Date[]> {
      const ofBridge = eq(identifiedModes.bridgeId, bridgeId);
      return windowStarts(
        cut
          ? and(
              ofBridge,
              lt(identifiedModes.windowStart, cut.before),
              lte(identifiedModes.referenceVersion, cut.maxVersion),
            )
          : ofBridge,
        'newest',
        count,
      );
    },

    /**
     * Per reference mode of `referenceVersion`, over the windows starting in [from, to): how
     * many found it and lost it, and the lowest and highest frequency found; with the number of
     * windows stored in the range. A summary, bounded whatever the range holds.
     */
    async spread(bridgeId: number, referenceVersion: number, from: Date, to: Date) {
      const inRange = and(
        eq(identifiedModes.bridgeId, bridgeId),
        gte(identifiedModes.windowStart, from),
        lt(identifiedModes.windowStart, to),
      );
      const [counted] = await db
        .select({ n: sql<number>`count(DISTINCT ${identifiedModes.windowStart})::int` })
        .from(identifiedModes)
        .where(inRange);
      const rows = await db
        .select({
          referenceMode: identifiedModes.referenceMode,
          found: sql<number>`count(*) FILTER (WHERE NOT ${identifiedModes.lost})::int`,
          lost: sql<number>`count(*) FILTER (WHERE ${identifiedModes.lost})::int`,
          lowHz: sql<number | null>`min(${identifiedModes.frequencyHz})`,
          highHz: sql<number | null>`max(${identifiedModes.frequencyHz})`,
        })
        .from(identifiedModes)
        .where(
          and(
            inRange,
            eq(identifiedModes.referenceVersion, referenceVersion),
            isNotNull(identifiedModes.referenceMode),
          ),
        )
        .groupBy(identifiedModes.referenceMode)
        .orderBy(asc(identifiedModes.referenceMode));
      return {
        windows: Number(counted?.n ?? 0),
        modes: rows.map((r) => ({
          referenceMode: Number(r.referenceMode),
          found: Number(r.found),
          lost: Number(r.lost),
          lowHz: r.lowHz === null ? null : Number(r.lowHz),
          highHz: r.highHz === null ? null : Number(r.highHz),
        })),
      };
    },

    /** The reference window's modes of a reference version, by position; empty if none yet. */
    referenceModes(bridgeId: number, referenceVersion: number): Promise<StoredModeRow[]> {
      return db
        .select()
        .from(identifiedModes)
        .where(
          and(
            eq(identifiedModes.bridgeId, bridgeId),
            eq(identifiedModes.referenceVersion, referenceVersion),
            eq(identifiedModes.isReference, true),
          ),
        )
        .orderBy(asc(identifiedModes.windowStart), asc(identifiedModes.position));
    },

    /** The oldest `count` windows matched against a reference version, each its rows by position. */
    async firstWindows(
      bridgeId: number,
      referenceVersion: number,
      count: number,
    ): Promise<StoredModeRow[][]> {
      const ofVersion = and(
        eq(identifiedModes.bridgeId, bridgeId),
        eq(identifiedModes.referenceVersion, referenceVersion),
      );
      const starts = await windowStarts(ofVersion, 'oldest', count);
      const last = starts.at(-1);
      if (last === undefined) return [];
      const windows = await rowsByWindow(
        and(ofVersion, lte(identifiedModes.windowStart, last)),
        starts.length,
      );
      return [...windows.values()];
    },

    /** The windows starting at `starts` (a few), each its rows by position, in the order given. */
    async windowsAt(bridgeId: number, starts: readonly Date[]): Promise<StoredModeRow[][]> {
      if (starts.length === 0) return [];
      const windows = await rowsByWindow(
        and(
          eq(identifiedModes.bridgeId, bridgeId),
          inArray(identifiedModes.windowStart, [...starts]),
        ),
        starts.length,
      );
      return starts.map((start) => windows.get(start.getTime()) ?? []);
    },

    /**
     * The windows starting in [from, to), each its rows by position, oldest first: at most the
     * range's 10-minute slots of MAX_STORED_MODES rows, so a day's read is bounded.
     */
    async windowsBetween(bridgeId: number, from: number, to: number): Promise<StoredModeRow[][]> {
      const slots = Math.max(0, Math.ceil((to - from) / WINDOW_MS));
      if (slots === 0) return [];
      const windows = await rowsByWindow(
        and(
          eq(identifiedModes.bridgeId, bridgeId),
          gte(identifiedModes.windowStart, new Date(from)),
          lt(identifiedModes.windowStart, new Date(to)),
        ),
        slots,
      );
      return [...windows.values()];
    },

    /** The end of the newest window stored (epoch ms), null before the first. */
    async newestWindowEnd(bridgeId: number): Promise<number | null> {
      const [row] = await db
        .select({ end: identifiedModes.windowEnd })
        .from(identifiedModes)
        .where(eq(identifiedModes.bridgeId, bridgeId))
        .orderBy(desc(identifiedModes.windowStart))
        .limit(1);
      return row ? row.end.getTime() : null;
    },

    /**
     * One window's rows at once; a window stored before is left as it is. A day the daily
     * roll-up (modes-rollup.ts) already holds is recomputed in the same transaction (a late
     * window, the retention's deletions); rolling up the next complete days is the modal step's
     * catch-up, once per bridge run (trackModes), which runs whether or not a window is stored.
     */
    async saveWindow(bridgeId: number, rows: readonly NewStoredMode[]): Promise<void> {
      if (rows.length === 0) return;
      const oldest = Math.min(...rows.map((r) => r.windowStart.getTime()));
      await db.transaction(async (tx) => {
        const stored = await tx
          .insert(identifiedModes)
          .values([...rows])
          .onConflictDoNothing()
          .returning({ start: identifiedModes.windowStart });
        const dropped = await tx
          .delete(identifiedModes)
          .where(
            and(
              eq(identifiedModes.bridgeId, bridgeId),
              eq(identifiedModes.isReference, false),
              lt(identifiedModes.windowStart, new Date(oldest - MODES_RETENTION_DAYS * DAY_MS)),
            ),
          )
          .returning({ start: identifiedModes.windowStart });
        const touched = [...stored, ...dropped].map((r) => r.start.getTime());
        await refreshRolledDays(tx, bridgeId, touched);
      });
    },

    /**
     * The starts of the windows stored in [from, to), oldest first: at most one per 10-minute
     * slot of the range, so bounded by the range (the backfill's baseline, modal-backfill.ts).
     */
    async startsBetween(bridgeId: number, from: number, to: number): Promise<number[]> {
      const slots = Math.max(0, Math.ceil((to - from) / WINDOW_MS));
      const starts = await windowStarts(
        and(
          eq(identifiedModes.bridgeId, bridgeId),
          gte(identifiedModes.windowStart, new Date(from)),
          lt(identifiedModes.windowStart, new Date(to)),
        ),
        'oldest',
        slots,
      );
      return starts.map((d) => d.getTime());
    },

    /** How many windows are stored for the bridge (tests and the view's bound). */
    async windowCount(bridgeId: number): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(DISTINCT ${identifiedModes.windowStart})::int` })
        .from(identifiedModes)
        .where(eq(identifiedModes.bridgeId, bridgeId));
      return Number(row?.n ?? 0);
    },
  };
}

export type ModesStore = ReturnType<typeof createModesStore>;
