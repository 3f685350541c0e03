import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { isActiveReference } from '../alerts/trigger-level-release.ts';
import type { Db } from '../db/client.ts';
import { frequencyShiftLevels, frequencyShifts } from '../db/schema.ts';
import type { LatchState } from './shift-latch.ts';
import type { ModeShiftSeries, ShiftPoint } from './reference-shift.ts';

export type ShiftLevelRow = typeof frequencyShiftLevels.$inferSelect;

/** Rows a statement writes at most: 8 columns each stay far below PostgreSQL's 65,535 parameters. */
const ROWS_A_STATEMENT = 2_000;

const key = (feature: string, start: number) => `${feature}@${start}`;

/** The stored reference shifts and latches of the stored analysis (decision 051). */
export function createReferenceShiftStore(db: Db) {
  return {
    /**
     * Stores the windows' shifts from `rewriteFrom` on (a window evaluated again there is
     * replaced: its day's scatter may have grown) and, before it, only the windows not stored
     * yet against `version`: an evaluation reads weeks back, and rewriting what the last one
     * stored was most of this step's work (decision 051, 2026-11-29 evening).
     */
    async saveSeries(
      bridgeId: number,
      version: number,
      series: readonly ModeShiftSeries[],
      rewriteFrom: number,
    ) {
      const first = Math.min(...series.map((s) => s.points[0]?.start ?? Infinity));
      const stored =
        first < rewriteFrom
          ? await db
              .select({ feature: frequencyShifts.feature, start: frequencyShifts.windowStart })
              .from(frequencyShifts)
              .where(
                and(
                  eq(frequencyShifts.bridgeId, bridgeId),
                  eq(frequencyShifts.referenceVersion, version),
                  gte(frequencyShifts.windowStart, new Date(first)),
                  lt(frequencyShifts.windowStart, new Date(rewriteFrom)),
                ),
              )
          : [];
      const known = new Set(stored.map((r) => key(r.feature, r.start.getTime())));
      const rows = series.flatMap((s) =>
        s.points
          .filter((p) => p.start >= rewriteFrom || !known.has(key(s.feature, p.start)))
          .map((p) => ({
            bridgeId,
            feature: s.feature,
            windowStart: new Date(p.start),
            shiftPercent: p.shiftPercent,
            uncertaintyPercent: p.uncertaintyPercent,
            referenceVersion: version,
            judged: p.judged,
            windows: 1,
          })),
      );
      for (let i = 0; i < rows.length; i += ROWS_A_STATEMENT) {
        await db
          .insert(frequencyShifts)
          .values(rows.slice(i, i + ROWS_A_STATEMENT))
          .onConflictDoUpdate({
            target: [
              frequencyShifts.bridgeId,
              frequencyShifts.feature,
              frequencyShifts.windowStart,
            ],
            set: {
              shiftPercent: sqlExcluded('shift_percent'),
              uncertaintyPercent: sqlExcluded('uncertainty_percent'),
              referenceVersion: sqlExcluded('reference_version'),
              judged: sqlExcluded('judged'),
              windows: sqlExcluded('windows'),
            },
          });
      }
    },

    /** The lines' stored points against `version` in [from, to), each in time order: one read. */
    async points(
      bridgeId: number,
      features: readonly string[],
      version: number,
      range: { from: number; to: number },
    ): Promise<Map<string, ShiftPoint[]>> {
      const byFeature = new Map<string, ShiftPoint[]>(features.map((f) => [f, []]));
      if (features.length === 0 || range.to <= range.from) return byFeature;
      const rows = await db
        .select()
        .from(frequencyShifts)
        .where(
          and(
            eq(frequencyShifts.bridgeId, bridgeId),
            inArray(frequencyShifts.feature, [...features]),
            eq(frequencyShifts.referenceVersion, version),
            gte(frequencyShifts.windowStart, new Date(range.from)),
            lt(frequencyShifts.windowStart, new Date(range.to)),
          ),
        )
        .orderBy(frequencyShifts.feature, frequencyShifts.windowStart);
      for (const r of rows) {
        byFeature.get(r.feature)?.push({
          start: r.windowStart.getTime(),
          shiftPercent: r.shiftPercent,
          uncertaintyPercent: r.uncertaintyPercent,
          judged: r.judged,
        });
      }
      return byFeature;
    },

    latches(bridgeId: number): Promise<ShiftLevelRow[]> {
      return db
        .select()
        .from(frequencyShiftLevels)
        .where(eq(frequencyShiftLevels.bridgeId, bridgeId))
        .orderBy(frequencyShiftLevels.feature);
    },

    /**
     * Stores each line's latch in one statement; a line no longer tracked loses its latch.
     * False, storing nothing, when `version` is no longer the active reference.
     */
    async saveLatches(
      bridgeId: number,
      version: number,
      latches: readonly { feature: string; state: LatchState; latchedAt: Date | null }[],
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await isActiveReference(tx, bridgeId, version))) return false;
        const features = latches.map((l) => l.feature);
        await tx
          .delete(frequencyShiftLevels)
          .where(
            features.length === 0
              ? eq(frequencyShiftLevels.bridgeId, bridgeId)
              : and(
                  eq(frequencyShiftLevels.bridgeId, bridgeId),
                  notInArray(frequencyShiftLevels.feature, features),
                ),
          );
        if (latches.length === 0) return true;
        await tx
          .insert(frequencyShiftLevels)
          .values(
            latches.map(({ feature, state, latchedAt }) => ({
              bridgeId,
              feature,
              level: state.level,
              crossedAt: state.crossedAt === null ? null : new Date(state.crossedAt),
              latchedAt,
              referenceVersion: version,
              fedUntil: new Date(state.fedUntil),
              estimatePercent: state.estimatePercent,
              estimateUncertaintyPercent: state.estimateUncertaintyPercent,
            })),
          )
          .onConflictDoUpdate({
            target: [frequencyShiftLevels.bridgeId, frequencyShiftLevels.feature],
            set: {
              level: sqlExcluded('level'),
              crossedAt: sqlExcluded('crossed_at'),
              latchedAt: sqlExcluded('latched_at'),
              referenceVersion: sqlExcluded('reference_version'),
              fedUntil: sqlExcluded('fed_until'),
              estimatePercent: sqlExcluded('estimate_percent'),
              estimateUncertaintyPercent: sqlExcluded('estimate_uncertainty_percent'),
            },
          });
        return true;
      });
    },
  };
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

export type ReferenceShiftStore = ReturnType<typeof createReferenceShiftStore>;
