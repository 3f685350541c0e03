import {
  DEFAULT_INSPECTION_LEAD_DAYS,
  DEFAULT_POOR_CONDITION_FACTOR,
  type InspectionIntervals,
  type RatingScale,
  type Regime,
  REGIME_PRESETS,
} from '../../domain/inspection-regimes.ts';
import type { inspectionProgrammes } from '../db/schema.ts';

export type ProgrammeRow = typeof inspectionProgrammes.$inferSelect;

/** A bridge's programme as the schedule uses it; `stored` is false for the default preset. */
export interface Programme {
  bridgeId: number;
  regime: Regime;
  ratingScale: RatingScale;
  intervals: InspectionIntervals;
  poorConditionFactor: number;
  dueLeadDays: number;
  stored: boolean;
}

/** A bridge without a programme of its own is inspected on the NBIS preset. */
export function defaultProgramme(bridgeId: number): Programme {
  const preset = REGIME_PRESETS.NBIS;
  return {
    bridgeId,
    regime: preset.regime,
    ratingScale: preset.ratingScale,
    intervals: { ...preset.intervals },
    poorConditionFactor: DEFAULT_POOR_CONDITION_FACTOR,
    dueLeadDays: DEFAULT_INSPECTION_LEAD_DAYS,
    stored: false,
  };
}

export function programmeOf(bridgeId: number, row: ProgrammeRow | undefined): Programme {
  if (!row) return defaultProgramme(bridgeId);
  return {
    bridgeId,
    regime: row.regime as Regime,
    ratingScale: row.ratingScale as RatingScale,
    intervals: row.intervals,
    poorConditionFactor: row.poorConditionFactor,
    dueLeadDays: row.dueLeadDays,
    stored: true,
  };
}

/** Where the programme's intervals come from (the preset's source, or the owner's own). */
export function sourceOf(regime: Regime): string {
  return regime === 'custom'
    ? "Custom programme: intervals set by the bridge's owner"
    : REGIME_PRESETS[regime].source;
}
