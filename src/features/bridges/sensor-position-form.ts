import type { components } from '../../../openapi/schema';
import { type FieldErrors, inRange, isBlank, parseDecimal } from '../../../domain/form-rules';
import { CHAINAGE_MAX_M, OFFSET_MAX_M, isSensorDirection } from '../../../domain/sensor-geometry';

type SensorGeometry = components['schemas']['SensorGeometry'];

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type SensorPositionValues = {
  chainage: string;
  transverseOffset: string;
  direction: string;
};

export const EMPTY_SENSOR_POSITION: SensorPositionValues = {
  chainage: '',
  transverseOffset: '',
  direction: '',
};

export const POSITION_LABELS = {
  chainage: 'Chainage (m)',
  transverseOffset: 'Transverse offset (m)',
  direction: 'Direction',
} as const;

/** The contract's bounds (decision 057) in words, so the engineer sees them before the server. */
export const POSITION_TEXT = {
  chainage: `Chainage must be a number from 0 to ${CHAINAGE_MAX_M} m`,
  transverseOffset: `Transverse offset must be a number from -${OFFSET_MAX_M} to ${OFFSET_MAX_M} m`,
  direction: 'Direction must be vertical, transverse or longitudinal',
} as const;

/** Every part is optional; a filled one must be within the contract's bounds. */
export function validateSensorPosition(
  values: SensorPositionValues,
): FieldErrors<keyof SensorPositionValues> {
  const errors: FieldErrors<keyof SensorPositionValues> = {};
  if (!isBlank(values.chainage) && !inRange(values.chainage, 0, CHAINAGE_MAX_M)) {
    errors.chainage = POSITION_TEXT.chainage;
  }
  if (
    !isBlank(values.transverseOffset) &&
    !inRange(values.transverseOffset, -OFFSET_MAX_M, OFFSET_MAX_M)
  ) {
    errors.transverseOffset = POSITION_TEXT.transverseOffset;
  }
  if (values.direction !== '' && !isSensorDirection(values.direction)) {
    errors.direction = POSITION_TEXT.direction;
  }
  return errors;
}

const textOf = (value: number | null) => (value === null ? '' : String(value));

/** A sensor's recorded position as the form's texts. */
export function positionValues(geometry: SensorGeometry): SensorPositionValues {
  return {
    chainage: textOf(geometry.chainage_m),
    transverseOffset: textOf(geometry.transverse_offset_m),
    direction: geometry.direction ?? '',
  };
}

/** The whole position, as the PUT replaces it: a blank part is cleared. */
export function sensorGeometryBody(values: SensorPositionValues): SensorGeometry {
  return {
    chainage_m: null,
    transverse_offset_m: null,
    direction: null,
    ...sensorPositionBody(values),
  };
}

/**
 * The filled parts only, so a sensor created without a position sends the spec's body
 * unchanged (spec §7, POST /sensors/create).
 */
export function sensorPositionBody(values: SensorPositionValues): Partial<SensorGeometry> {
  const chainage = parseDecimal(values.chainage);
  const offset = parseDecimal(values.transverseOffset);
  return {
    ...(chainage === null ? {} : { chainage_m: chainage }),
    ...(offset === null ? {} : { transverse_offset_m: offset }),
    ...(isSensorDirection(values.direction) ? { direction: values.direction } : {}),
  };
}
