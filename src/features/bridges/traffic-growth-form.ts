import { type FieldErrors, parseDecimal } from '../../../domain/form-rules';
import type { FatigueSettings } from '../../api/queries/fatigue';

// The contract's bounds of FatigueSettings.traffic_growth_percent (openapi.yaml, decision 045).
export const GROWTH_MIN_PERCENT = -10;
export const GROWTH_MAX_PERCENT = 20;

export interface TrafficGrowthValues {
  growth: string;
}

/** A number within the contract's bounds, checked before any call. */
export function validateTrafficGrowthForm(
  values: TrafficGrowthValues,
): FieldErrors<keyof TrafficGrowthValues> {
  const growth = parseDecimal(values.growth);
  if (growth === null) return { growth: 'Traffic growth must be a number (percent a year)' };
  if (growth < GROWTH_MIN_PERCENT || growth > GROWTH_MAX_PERCENT) {
    return {
      growth: `Traffic growth must be between ${GROWTH_MIN_PERCENT} % and ${GROWTH_MAX_PERCENT} % a year`,
    };
  }
  return {};
}

/** The request body of a valid value. */
export const growthInput = (values: TrafficGrowthValues): FatigueSettings => ({
  traffic_growth_percent: parseDecimal(values.growth) ?? 0,
});
