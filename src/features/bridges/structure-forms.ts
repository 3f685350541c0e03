import type { components } from '../../../openapi/schema';
import { isBlank, parseDecimal } from '../../../domain/form-rules';
import { isQuasiStatic } from '../../../domain/sensor-limits';
import {
  limitsValues,
  sensorLimitsBody,
  type SensorLimitsValues,
  validateSensorLimits,
} from './sensor-limits-form';
import {
  EMPTY_SENSOR_POSITION,
  sensorPositionBody,
  type SensorPositionValues,
  validateSensorPosition,
} from './sensor-position-form';
import {
  EMPTY_SENSOR_CABLE,
  createCableBody,
  type SensorCableValues,
  validateSensorCable,
} from './sensor-cable-form';
import {
  EMPTY_SENSOR_RANGE,
  sensorRangeCreateBody,
  type SensorRangeValues,
  validateSensorRange,
} from './sensor-range-form';

type SensorInput = components['schemas']['SensorInput'];

export const SPAN_FORM_TEXT = {
  spanId: 'Span ID is required',
  lengthRequired: 'Span length is required',
  lengthPositive: 'Span length must be greater than 0',
} as const;

export interface SpanFormValues {
  spanId: string;
  length: string;
}

export function validateSpanForm(values: SpanFormValues) {
  const errors: Partial<Record<keyof SpanFormValues, string>> = {};
  if (!values.spanId.trim()) errors.spanId = SPAN_FORM_TEXT.spanId;
  const length = parseDecimal(values.length);
  if (values.length.trim() === '') errors.length = SPAN_FORM_TEXT.lengthRequired;
  else if (length === null || length <= 0) errors.length = SPAN_FORM_TEXT.lengthPositive;
  return errors;
}

export const SENSOR_FORM_TEXT = {
  sensorId: 'Sensor ID is required',
  type: 'Type is required',
  status: 'Status is required',
  installationDate: 'Installation date is required',
} as const;

// A type alias (not an interface) so it fits useFormFields' Record constraint.
export type SensorFormValues = {
  sensorId: string;
  type: string;
  status: string;
  installationDate: string;
  manufacturer: string;
  modelNumber: string;
  lastCalibrationDate: string;
  nextCalibrationDate: string;
} & SensorLimitsValues &
  SensorPositionValues &
  SensorCableValues &
  SensorRangeValues;

export const EMPTY_SENSOR_FORM: SensorFormValues = {
  sensorId: '',
  type: '',
  status: '',
  installationDate: '',
  manufacturer: '',
  modelNumber: '',
  lastCalibrationDate: '',
  nextCalibrationDate: '',
  ...limitsValues(undefined),
  ...EMPTY_SENSOR_POSITION,
  ...EMPTY_SENSOR_CABLE,
  ...EMPTY_SENSOR_RANGE,
};

/**
 * Spec §5: sensor id, type, status and installation date required; the rest optional. The
 * limits count for strain gauges, tilt and displacement sensors only; a filled position part
 * must be within its bounds (decision 057); so must a declared measuring range, low below high
 * (decision 030); an accelerometer marked as on a cable needs the cable's length and mass per
 * metre, every figure within the contract's bounds (decision 079).
 */
export function validateSensorForm(values: SensorFormValues) {
  const errors: Partial<Record<keyof SensorFormValues, string>> = {
    ...(isQuasiStatic(values.type) ? validateSensorLimits(values) : {}),
    ...validateSensorPosition(values),
    ...(values.type === 'accelerometer' ? validateSensorCable(values) : {}),
    ...validateSensorRange(values),
  };
  if (!values.sensorId.trim()) errors.sensorId = SENSOR_FORM_TEXT.sensorId;
  if (!values.type) errors.type = SENSOR_FORM_TEXT.type;
  if (!values.status) errors.status = SENSOR_FORM_TEXT.status;
  if (!values.installationDate) errors.installationDate = SENSOR_FORM_TEXT.installationDate;
  return errors;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function sensorBody(
  values: SensorFormValues,
  where: { bridge: number; span: number },
): SensorInput {
  return {
    bridge: where.bridge,
    span: where.span,
    sensor_id: values.sensorId.trim(),
    type: values.type as SensorInput['type'],
    status: values.status as SensorInput['status'],
    installation_date: values.installationDate,
    manufacturer: orNull(values.manufacturer),
    model_number: orNull(values.modelNumber),
    last_calibration_date: orNull(values.lastCalibrationDate),
    next_calibration_date: orNull(values.nextCalibrationDate),
    ...(isQuasiStatic(values.type) && !(isBlank(values.low) && isBlank(values.high))
      ? { limits: sensorLimitsBody(values) }
      : {}),
    ...sensorPositionBody(values),
    ...createCableBody(values.type, values),
    ...sensorRangeCreateBody(values),
  };
}
