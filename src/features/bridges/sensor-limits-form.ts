import type { components } from '../../../openapi/schema';
import { type FieldErrors, inRange, isBlank, parseDecimal } from '../../../domain/form-rules';
import {
  LIMIT_MAGNITUDE_MAX,
  LIMIT_WINDOW_MINUTES,
  SUSTAINED_MINUTES_MAX,
} from '../../../domain/sensor-limits';

type SensorLimits = components['schemas']['SensorLimits'];

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type SensorLimitsValues = { low: string; high: string; sustainedMinutes: string };

export const LIMIT_FIELDS = ['low', 'high', 'sustainedMinutes'] as const;

export const LIMIT_LABELS = {
  low: 'Low limit',
  high: 'High limit',
  sustainedMinutes: 'Sustained for (minutes)',
} as const;

export function limitsValues(limits: SensorLimits | undefined): SensorLimitsValues {
  return {
    low: limits?.low === null || limits?.low === undefined ? '' : String(limits.low),
    high: limits?.high === null || limits?.high === undefined ? '' : String(limits.high),
    sustainedMinutes: String(limits?.sustained_minutes ?? LIMIT_WINDOW_MINUTES),
  };
}

function limitError(text: string, label: string): string | undefined {
  if (isBlank(text)) return undefined;
  return inRange(text, -LIMIT_MAGNITUDE_MAX, LIMIT_MAGNITUDE_MAX)
    ? undefined
    : `${label} must be a number between -${LIMIT_MAGNITUDE_MAX} and ${LIMIT_MAGNITUDE_MAX}`;
}

/** The contract's rules, checked first so the engineer sees which field is wrong. */
export function validateSensorLimits(
  values: SensorLimitsValues,
): FieldErrors<keyof SensorLimitsValues> {
  const errors: FieldErrors<keyof SensorLimitsValues> = {};
  const low = limitError(values.low, LIMIT_LABELS.low);
  const high = limitError(values.high, LIMIT_LABELS.high);
  if (low) errors.low = low;
  if (high) errors.high = high;
  const lowValue = parseDecimal(values.low);
  const highValue = parseDecimal(values.high);
  if (!low && !high && lowValue !== null && highValue !== null && lowValue >= highValue) {
    errors.low = 'Low limit must be below the high limit';
  }
  const minutes = Number(values.sustainedMinutes);
  if (
    !inRange(values.sustainedMinutes, LIMIT_WINDOW_MINUTES, SUSTAINED_MINUTES_MAX) ||
    minutes % LIMIT_WINDOW_MINUTES !== 0
  ) {
    errors.sustainedMinutes = `Sustained for must be a whole number of ${LIMIT_WINDOW_MINUTES}-minute means, ${LIMIT_WINDOW_MINUTES} to ${SUSTAINED_MINUTES_MAX} minutes`;
  }
  return errors;
}

/** The request body of valid values: a blank limit is no limit. */
export function sensorLimitsBody(values: SensorLimitsValues): SensorLimits {
  return {
    low: parseDecimal(values.low),
    high: parseDecimal(values.high),
    sustained_minutes: Number(values.sustainedMinutes),
  };
}
