/**
 * Stored SI values written in a company's unit system (issue 33, decision 064). Everything is
 * stored and sent in SI (domain/enums.ts DATA_TYPE_UNITS); only what a screen writes changes.
 *
 * The factors are exact by definition, not rounded:
 * - inch = 25.4 mm and foot = 0.3048 m (International Yard and Pound Agreement, 1959; NIST SP 811,
 *   2008, appendix B.8);
 * - pound-force = 0.45359237 kg × 9.80665 m/s² = 4.4482216152605 N (the avoirdupois pound of the
 *   same agreement times standard gravity, 3rd CGPM 1901; NIST SP 811 B.8); kip = 1000 lbf;
 * - ksi = 1000 lbf / in², derived from the two above (6.894757293168361 MPa);
 * - °F = °C × 9/5 + 32 (NIST SP 811 4.2.1.1).
 */
import type { DataType } from './enums';
import type { UnitSystem } from './company-settings';

const MM_PER_INCH = 25.4;
const M_PER_FOOT = 0.3048;
const N_PER_LBF = 0.45359237 * 9.80665;
const KN_PER_KIP = N_PER_LBF; // 1000 lbf in kN: the thousands cancel
const MPA_PER_KSI = (1000 * N_PER_LBF) / (MM_PER_INCH * MM_PER_INCH); // 1000 lbf/in² in N/mm²

export const celsiusToFahrenheit = (c: number): number => (c * 9) / 5 + 32;
/** A rate per °C (Hz/°C) as a rate per °F: a degree Fahrenheit is 5/9 of a degree Celsius. */
export const perCelsiusToPerFahrenheit = (perC: number): number => (perC * 5) / 9;
export const millimetresToInches = (mm: number): number => mm / MM_PER_INCH;
export const metresToFeet = (m: number): number => m / M_PER_FOOT;
export const kilonewtonsToKips = (kn: number): number => kn / KN_PER_KIP;
export const megapascalsToKsi = (mpa: number): number => mpa / MPA_PER_KSI;

/** The SI quantities a screen may convert; anything else is written as stored. */
export type Quantity = 'temperature' | 'displacement' | 'position' | 'force' | 'stress';

/** How one quantity is written: its unit's symbol and the conversion from the stored value. */
export interface ShownUnit {
  unit: string;
  of: (stored: number) => number;
}

const same = (value: number) => value;

const METRIC: Record<Quantity, ShownUnit> = {
  temperature: { unit: '°C', of: same },
  displacement: { unit: 'mm', of: same },
  position: { unit: 'm', of: same },
  force: { unit: 'kN', of: same },
  stress: { unit: 'MPa', of: same },
};

const IMPERIAL: Record<Quantity, ShownUnit> = {
  temperature: { unit: '°F', of: celsiusToFahrenheit },
  displacement: { unit: 'in', of: millimetresToInches },
  position: { unit: 'ft', of: metresToFeet },
  force: { unit: 'kip', of: kilonewtonsToKips },
  stress: { unit: 'ksi', of: megapascalsToKsi },
};

export function shownUnit(quantity: Quantity, system: UnitSystem): ShownUnit {
  return (system === 'imperial' ? IMPERIAL : METRIC)[quantity];
}

/** A stored SI value written with its unit in a unit system ('12.5 °F'). */
export function quantityText(
  quantity: Quantity,
  stored: number,
  system: UnitSystem,
  digits = 1,
): string {
  const shown = shownUnit(quantity, system);
  return `${shown.of(stored).toFixed(digits)} ${shown.unit}`;
}

/**
 * A stored MPa in a unit system; ksi to two decimals, since a ksi is nearly seven MPa and one
 * decimal would hide what the MPa figure shows.
 */
export const stressText = (mpa: number, system: UnitSystem): string =>
  quantityText('stress', mpa, system, system === 'imperial' ? 2 : 1);

/**
 * The quantity of each data type's readings, or null where both systems write the same unit:
 * strain (µε) and tilt (mrad) are ratios, and acceleration stays in m/s² because US bridge
 * monitoring reports it in g or m/s², never in ft/s² (decision 064).
 */
const DATA_TYPE_QUANTITY: Record<DataType, Quantity | null> = {
  acceleration: null,
  strain: null,
  temperature: 'temperature',
  displacement: 'displacement',
  tilt: null,
  load: 'force',
};

/** How a data type's readings are written in a unit system; `stored` is their SI unit. */
export function shownDataTypeUnit(
  dataType: DataType,
  stored: string,
  system: UnitSystem,
): ShownUnit {
  const quantity = DATA_TYPE_QUANTITY[dataType];
  return quantity === null ? { unit: stored, of: same } : shownUnit(quantity, system);
}
