import {
  DEFAULT_INSPECTION_LEAD_DAYS,
  DEFAULT_POOR_CONDITION_FACTOR,
  INSPECTION_KINDS,
  REGIME_PRESETS,
} from '../../domain/inspection-regimes.ts';
import { HttpError } from '../http-error.ts';
import type { Programme } from '../inspections/inspection-programme.ts';
import type { Schemas } from '../contract-types.ts';

/**
 * The programme to store: a preset fixes scale and intervals (giving other ones is a 400, so a
 * client never believes it changed them); custom needs both.
 */
export function programmeValues(
  bridgeId: number,
  body: Schemas['InspectionProgrammeInput'],
): Omit<Programme, 'stored'> {
  const common = {
    bridgeId,
    regime: body.regime,
    poorConditionFactor: body.poor_condition_factor ?? DEFAULT_POOR_CONDITION_FACTOR,
    dueLeadDays: body.due_lead_days ?? DEFAULT_INSPECTION_LEAD_DAYS,
  };
  if (body.regime === 'custom') {
    if (!body.rating_scale) throw new HttpError(400, 'rating_scale: required for a custom regime');
    if (!body.intervals) throw new HttpError(400, 'intervals: required for a custom regime');
    return { ...common, ratingScale: body.rating_scale, intervals: body.intervals };
  }
  const preset = REGIME_PRESETS[body.regime];
  if (body.rating_scale && body.rating_scale !== preset.ratingScale) {
    throw new HttpError(
      400,
      `rating_scale: the ${preset.regime} preset rates on ${preset.ratingScale}; choose custom to change it`,
    );
  }
  const given = body.intervals;
  const differing =
    given && INSPECTION_KINDS.find((kind) => given[kind] !== preset.intervals[kind]);
  if (differing) {
    throw new HttpError(
      400,
      `intervals.${differing}: the ${preset.regime} preset fixes the intervals; choose custom to change them`,
    );
  }
  return { ...common, ratingScale: preset.ratingScale, intervals: { ...preset.intervals } };
}
