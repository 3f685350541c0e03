// Where a sensor sits on its span and what it measures (issue 31, "Sensor geometry"; decision
// 057). Shared by the SPA's forms, the contract's checks and the storage's constraints, so the
// three refuse the same values with the same words.

/** The axis a sensor measures along, in the deck's own frame. */
export const SENSOR_DIRECTIONS = ['vertical', 'transverse', 'longitudinal'] as const;
export type SensorDirection = (typeof SENSOR_DIRECTIONS)[number];

export const isSensorDirection = (text: string): text is SensorDirection =>
  (SENSOR_DIRECTIONS as readonly string[]).includes(text);

/** Chainage along the deck from the span's first support, in metres: the spans' own bound. */
export const CHAINAGE_MAX_M = 100_000;
/** Transverse offset from the deck's axis, either side, in metres: wider than any deck. */
export const OFFSET_MAX_M = 200;

export interface SensorPosition {
  chainageM: number | null;
  transverseOffsetM: number | null;
  direction: SensorDirection | null;
}

/** The position as Bridge Management lists it, e.g. "ch. 42.0 m · vertical"; '' when unset. */
export function sensorPositionText(position: SensorPosition): string {
  const parts: string[] = [];
  if (position.chainageM !== null) parts.push(`ch. ${position.chainageM.toFixed(1)} m`);
  if (position.transverseOffsetM !== null) {
    parts.push(`offset ${position.transverseOffsetM.toFixed(1)} m`);
  }
  if (position.direction !== null) parts.push(position.direction);
  return parts.join(' · ');
}
