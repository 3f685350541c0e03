import { and, eq, gte, lt, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { frequencyShiftLevels, frequencyShifts } from '../db/schema.ts';
import type { LatchState } from './shift-latch.ts';
import type { ModeShiftSeries, ShiftPoint } from './reference-shift.ts';

export type ShiftLevelRow = typeof frequencyShiftLevels.$inferSelect;

/** Rows a statement writes at most: 7 columns each stay far below PostgreSQL's 65,535 parameters. */
const ROWS_A_STATEMENT = 2_000;

/** The stored reference shifts and latches of the stored analysis (decision 051). */
export function createReferenceShiftStore(db: Db) {
  return {
    /** Stores every window's shift; a window evaluated again is replaced. */
    async saveSeries(bridgeId: number, version: number, series: readonly ModeShiftSeries[]) {
      const rows = series.flatMap((s) =>
        s.points.map((p) => ({
          bridgeId,
          feature: s.feature,
          windowStart: new Date(p.start),
          shiftPercent: p.shiftPercent,
          uncertaintyPercent: p.uncertaintyPercent,
          referenceVersion: version,
          judged: p.judged,
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
            },
          });
      }
    },

    /** One mode's stored points against `version` in [from, to), in time order. */
    async points(
      bridgeId: number,
      feature: string,
      version: number,
      range: { from: number; to: number },
    ): Promise<ShiftPoint[]> {
      const rows = await db
        .select()
        .from(frequencyShifts)
        .where(
          and(
            eq(frequencyShifts.bridgeId, bridgeId),
            eq(frequencyShifts.feature, feature),
            eq(frequencyShifts.referenceVersion, version),
            gte(frequencyShifts.windowStart, new Date(range.from)),
            lt(frequencyShifts.windowStart, new Date(range.to)),
          ),
        )
        .orderBy(frequencyShifts.windowStart);
      return rows.map((r) => ({
        start: r.windowStart.getTime(),
        shiftPercent: r.shiftPercent,
        uncertaintyPercent: r.uncertaintyPercent,
        judged: r.judged,
      }));
    },

    latches(bridgeId: number): Promise<ShiftLevelRow[]> {
      return db
        .select()
        .from(frequencyShiftLevels)
        .where(eq(frequencyShiftLevels.bridgeId, bridgeId))
        .orderBy(frequencyShiftLevels.feature);
    },

    /** Stores each mode's latch; a mode the reference no longer tracks loses its latch. */
    async saveLatches(
      bridgeId: number,
      version: number,
      latches: readonly { feature: string; state: LatchState; latchedAt: Date | null }[],
    ) {
      await db.transaction(async (tx) => {
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
        for (const { feature, state, latchedAt } of latches) {
          const values = {
            level: state.level,
            crossedAt: state.crossedAt === null ? null : new Date(state.crossedAt),
            latchedAt,
            referenceVersion: version,
            fedUntil: new Date(state.fedUntil),
            estimatePercent: state.estimatePercent,
            estimateUncertaintyPercent: state.estimateUncertaintyPercent,
          };
          await tx
            .insert(frequencyShiftLevels)
            .values({ bridgeId, feature, ...values })
            .onConflictDoUpdate({
              target: [frequencyShiftLevels.bridgeId, frequencyShiftLevels.feature],
              set: values,
            });
        }
      });
    },
  };
}

function sqlExcluded(column: string) {
  return sql.raw(`excluded.${column}`);
}

export type ReferenceShiftStore = ReturnType<typeof createReferenceShiftStore>;
