import { and, eq, sql } from 'drizzle-orm';
import { ALL_MODES_FEATURE } from '../../domain/reference-shift.ts';
import type { Db } from '../db/client.ts';
import { frequencyShiftLevels, frequencyShifts } from '../db/schema.ts';
import type { Schemas } from '../contract-types.ts';
import { createBaselineVersions } from './baseline-versions.ts';
import { WINDOW_SECONDS } from './dataset-plan.ts';

/** Points per line at most: a year of 10-minute windows comes back as 500 buckets of ~18 h. */
export const MAX_SHIFT_POINTS = 500;

/** The bucket that keeps a span of stored windows under MAX_SHIFT_POINTS, in whole windows. */
export function bucketSeconds(firstMs: number, lastMs: number): number {
  const windows = Math.floor((lastMs - firstMs) / (WINDOW_SECONDS * 1000)) + 1;
  return WINDOW_SECONDS * Math.max(1, Math.ceil(windows / MAX_SHIFT_POINTS));
}

type Levels = Pick<Schemas['FrequencyShiftSeries']['levels'], 'amber_percent' | 'red_percent'>;

/**
 * The reference shift as the dashboard charts it (decision 051): per mode and for the modes'
 * mean, the stored windows' shifts averaged in equal buckets (only windows inside the
 * reference's temperatures; a retained day's row weighted by its windows), each with the root
 * mean square of its windows' standard uncertainties (a window's ±, not shrunk by the averaging,
 * since neighbouring windows share the temperature model's error), and the line's latched level
 * against the active reference. The work is bounded by the retention (shift-retention.ts): at
 * most 90 days of windows and one row a day before, per line, whatever the bridge's age.
 */
export function createReferenceShiftView(db: Db) {
  const versions = createBaselineVersions(db);
  return {
    async ofBridge(bridgeId: number, levels: Levels): Promise<Schemas['FrequencyShiftSeries']> {
      const active = await versions.active(bridgeId);
      const ofBridge = eq(frequencyShifts.bridgeId, bridgeId);
      const [extent] = await db
        .select({
          first: sql<string | null>`min(${frequencyShifts.windowStart})`,
          last: sql<string | null>`max(${frequencyShifts.windowStart})`,
        })
        .from(frequencyShifts)
        .where(and(ofBridge, eq(frequencyShifts.judged, true)));
      const first = extent?.first ? Date.parse(extent.first) : null;
      const last = extent?.last ? Date.parse(extent.last) : null;
      const bucket = first !== null && last !== null ? bucketSeconds(first, last) : WINDOW_SECONDS;
      // The bucket inlined (an integer computed here), so GROUP BY and SELECT are one expression.
      const slot = sql<number>`floor(extract(epoch from ${frequencyShifts.windowStart}) / ${sql.raw(String(Math.trunc(bucket)))})::bigint`;
      const rows =
        first === null
          ? []
          : await db
              .select({
                feature: frequencyShifts.feature,
                slot,
                // Weighted by the windows a row stands for (a retained day's mean holds 144).
                shift: sql<number>`(sum(${frequencyShifts.shiftPercent} * ${frequencyShifts.windows}) / sum(${frequencyShifts.windows}))::float8`,
                uncertainty: sql<number>`sqrt(sum(${frequencyShifts.uncertaintyPercent} ^ 2 * ${frequencyShifts.windows}) / sum(${frequencyShifts.windows}))::float8`,
              })
              .from(frequencyShifts)
              .where(and(ofBridge, eq(frequencyShifts.judged, true)))
              .groupBy(frequencyShifts.feature, slot)
              .orderBy(frequencyShifts.feature, slot);
      const latches = await db
        .select()
        .from(frequencyShiftLevels)
        .where(eq(frequencyShiftLevels.bridgeId, bridgeId));
      const features = [
        ...new Set([...rows.map((r) => r.feature), ...latches.map((l) => l.feature)]),
      ];
      const line = (feature: string): Schemas['ModeFrequencyShift'] => {
        const latch = latches.find(
          (l) => l.feature === feature && l.referenceVersion === active?.version,
        );
        return {
          feature,
          level: latch?.level ?? 'none',
          crossed_at: latch?.crossedAt?.toISOString() ?? null,
          estimate_percent: latch?.estimatePercent ?? null,
          uncertainty_percent: latch?.estimateUncertaintyPercent ?? null,
          points: rows
            .filter((r) => r.feature === feature)
            .map((r) => ({
              t: new Date(Number(r.slot) * bucket * 1000).toISOString(),
              shift_percent: Number(r.shift),
              uncertainty_percent: Number(r.uncertainty),
            })),
        };
      };
      return {
        bridge: bridgeId,
        reference_version: active?.version ?? null,
        reference_accepted_at: active?.acceptedAt?.toISOString() ?? null,
        levels,
        bucket_minutes: bucket / 60,
        modes: features
          .filter((f) => f !== ALL_MODES_FEATURE)
          .sort()
          .map(line),
        all_modes: features.includes(ALL_MODES_FEATURE) ? line(ALL_MODES_FEATURE) : null,
      };
    },
  };
}

export type ReferenceShiftView = ReturnType<typeof createReferenceShiftView>;
