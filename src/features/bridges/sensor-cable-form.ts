import type { components } from '../../../openapi/schema';
import { type FieldErrors, inRange, isBlank, parseDecimal } from '../../../domain/form-rules';

type Cable = components['schemas']['Cable'];

// A type alias (not an interface) so it fits useFormFields' Record constraint. `onCable` is
// 'yes' when the accelerometer is marked as on a stay or hanger.
export type SensorCableValues = {
  onCable: string;
  cableLength: string;
  cableMass: string;
  cableEi: string;
  cableLow: string;
  cableHigh: string;
  cableChange: string;
  cableReference: string;
};

export type CableField = Exclude<keyof SensorCableValues, 'onCable'>;

export const EMPTY_SENSOR_CABLE: SensorCableValues = {
  onCable: '',
  cableLength: '',
  cableMass: '',
  cableEi: '',
  cableLow: '',
  cableHigh: '',
  cableChange: '',
  cableReference: '',
};

export const CABLE_LABELS: Record<CableField, string> = {
  cableLength: 'Cable length (m)',
  cableMass: 'Mass per metre (kg/m)',
  cableEi: 'Bending stiffness EI (N·m², optional)',
  cableLow: 'Low tension limit (kN)',
  cableHigh: 'High tension limit (kN)',
  cableChange: 'Tension change limit (%)',
  cableReference: 'Reference tension (kN)',
};

/** The contract's name of each field, so a refusal naming one is shown next to it. */
const API_NAMES: Record<CableField, keyof Cable> = {
  cableLength: 'length_m',
  cableMass: 'mass_per_m',
  cableEi: 'bending_stiffness_nm2',
  cableLow: 'tension_low_kn',
  cableHigh: 'tension_high_kn',
  cableChange: 'tension_change_percent',
  cableReference: 'reference_tension_kn',
};

export const CABLE_FIELDS = Object.keys(API_NAMES) as CableField[];

// The contract's bounds (decision 079): every figure above zero, up to these.
const BOUNDS: Record<CableField, { max: number; words: string }> = {
  cableLength: { max: 2000, words: 'Cable length must be a number above 0, up to 2000 m' },
  cableMass: { max: 1000, words: 'Mass per metre must be a number above 0, up to 1000 kg/m' },
  cableEi: { max: 1e12, words: 'Bending stiffness must be a number above 0, up to 1e12 N·m²' },
  cableLow: { max: 1e6, words: 'Low tension limit must be a number above 0, up to 1000000 kN' },
  cableHigh: { max: 1e6, words: 'High tension limit must be a number above 0, up to 1000000 kN' },
  cableChange: { max: 50, words: 'Tension change limit must be a number above 0, up to 50 %' },
  cableReference: {
    max: 1e6,
    words: 'Reference tension must be a number above 0, up to 1000000 kN',
  },
};

export const CABLE_TEXT = {
  lengthRequired: 'Cable length is required for a sensor on a cable',
  massRequired: 'Mass per metre is required for a sensor on a cable',
  lowBelowHigh: 'Low tension limit must be below the high tension limit',
} as const;

const REQUIRED: Partial<Record<CableField, string>> = {
  cableLength: CABLE_TEXT.lengthRequired,
  cableMass: CABLE_TEXT.massRequired,
};

const aboveZero = (text: string, max: number) => inRange(text, 0, max) && Number(text) > 0;

/** Nothing to check unless the sensor is marked as on a cable; then the contract's rules. */
export function validateSensorCable(values: SensorCableValues): FieldErrors<CableField> {
  const errors: FieldErrors<CableField> = {};
  if (values.onCable !== 'yes') return errors;
  for (const field of CABLE_FIELDS) {
    const required = REQUIRED[field];
    if (isBlank(values[field])) {
      if (required) errors[field] = required;
    } else if (!aboveZero(values[field], BOUNDS[field].max)) {
      errors[field] = BOUNDS[field].words;
    }
  }
  const low = parseDecimal(values.cableLow);
  const high = parseDecimal(values.cableHigh);
  if (!errors.cableLow && !errors.cableHigh && low !== null && high !== null && low >= high) {
    errors.cableLow = CABLE_TEXT.lowBelowHigh;
  }
  return errors;
}

const textOf = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A sensor's cable as the form's texts; the empty form when it is on none. */
export function cableValues(cable: Cable | undefined): SensorCableValues {
  if (!cable) return EMPTY_SENSOR_CABLE;
  return {
    onCable: 'yes',
    ...(Object.fromEntries(
      CABLE_FIELDS.map((field) => [field, textOf(cable[API_NAMES[field]])]),
    ) as Record<CableField, string>),
  };
}

/** The whole cable, as the PUT replaces it: a blank optional figure is sent as null. */
export function sensorCableBody(values: SensorCableValues): Cable {
  return {
    length_m: parseDecimal(values.cableLength) ?? 0,
    mass_per_m: parseDecimal(values.cableMass) ?? 0,
    bending_stiffness_nm2: parseDecimal(values.cableEi),
    tension_low_kn: parseDecimal(values.cableLow),
    tension_high_kn: parseDecimal(values.cableHigh),
    tension_change_percent: parseDecimal(values.cableChange),
    reference_tension_kn: parseDecimal(values.cableReference),
  };
}

/**
 * The create body's cable: only for an accelerometer marked as on one, so any other sensor is
 * sent with the spec's body unchanged (spec §7, POST /sensors/create).
 */
export function createCableBody(type: string, values: SensorCableValues): { cable?: Cable } {
  return type === 'accelerometer' && values.onCable === 'yes'
    ? { cable: sensorCableBody(values) }
    : {};
}

/**
 * The form field a server refusal names ('cable.tension_low_kn' on create, 'tension_low_kn' on
 * the PUT), so its detail shows next to that field; undefined when it names none of them.
 */
export function cableFieldOf(apiField: string | undefined): CableField | undefined {
  const name = apiField?.replace(/^cable\./, '');
  return CABLE_FIELDS.find((field) => API_NAMES[field] === name);
}
