import type { components } from '../../../openapi/schema';
import { type FieldErrors, inRange, isBlank, parseDecimal } from '../../../domain/form-rules';

type MeasuringRange = components['schemas']['MeasuringRange'];

/** The contract's bound on either edge, in the sensor's unit. */
const RANGE_MAX = 1_000_000;

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type SensorRangeValues = { rangeLow: string; rangeHigh: string };

export const EMPTY_SENSOR_RANGE: SensorRangeValues = { rangeLow: '', rangeHigh: '' };

export const RANGE_LABELS = {
  rangeLow: 'Range low',
  rangeHigh: 'Range high',
} as const;

export const RANGE_TEXT = {
  bounds: `Must be a number from -${RANGE_MAX} to ${RANGE_MAX}`,
  order: 'Range low must be below range high',
} as const;

/** Both edges optional; a filled one within the contract's bounds, low below high. */
export function validateSensorRange(
  values: SensorRangeValues,
): FieldErrors<keyof SensorRangeValues> {
  const errors: FieldErrors<keyof SensorRangeValues> = {};
  for (const field of ['rangeLow', 'rangeHigh'] as const) {
    if (!isBlank(values[field]) && !inRange(values[field], -RANGE_MAX, RANGE_MAX)) {
      errors[field] = RANGE_TEXT.bounds;
    }
  }
  const low = parseDecimal(values.rangeLow);
  const high = parseDecimal(values.rangeHigh);
  if (!errors.rangeLow && !errors.rangeHigh && low !== null && high !== null && low >= high) {
    errors.rangeLow = RANGE_TEXT.order;
  }
  return errors;
}

const textOf = (value: number | null | undefined) => (value == null ? '' : String(value));

/** A sensor's declared range as the form's texts (blank: not declared). */
export function rangeValues(range: MeasuringRange | undefined): SensorRangeValues {
  return { rangeLow: textOf(range?.low), rangeHigh: textOf(range?.high) };
}

/** The whole range, as the PUT replaces it: a blank edge is not declared. */
export function sensorRangeBody(values: SensorRangeValues): MeasuringRange {
  return { low: parseDecimal(values.rangeLow), high: parseDecimal(values.rangeHigh) };
}

/** On create, only when an edge is filled, so the spec's body is otherwise unchanged. */
export function sensorRangeCreateBody(values: SensorRangeValues): {
  measuring_range?: MeasuringRange;
} {
  if (isBlank(values.rangeLow) && isBlank(values.rangeHigh)) return {};
  return { measuring_range: sensorRangeBody(values) };
}
