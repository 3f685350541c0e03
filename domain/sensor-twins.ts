// Co-located twins from the sensors' recorded geometry (decision 057; decision 048, 2026-11-30):
// two sensors that measure the same thing at the same place. The gain check compares a stream's
// dynamic amplitude with its twin's, so traffic (which both see) cancels.

import type { SensorPosition } from './sensor-geometry.ts';

/** Two sensors this close along the span (and across it, when both record it) are one place. */
export const TWIN_DISTANCE_M = 0.5;

export interface PlacedSensor extends SensorPosition {
  id: number;
  spanId: number;
  type: string;
}

function sameSpot(a: PlacedSensor, b: PlacedSensor): boolean {
  if (a.chainageM === null || b.chainageM === null || a.direction === null) return false;
  if (a.spanId !== b.spanId || a.type !== b.type || a.direction !== b.direction) return false;
  if (Math.abs(a.chainageM - b.chainageM) > TWIN_DISTANCE_M) return false;
  // Two webs of one girder line share a chainage but not their strain: when both record an
  // offset across the deck, it must match too.
  return (
    a.transverseOffsetM === null ||
    b.transverseOffsetM === null ||
    Math.abs(a.transverseOffsetM - b.transverseOffsetM) <= TWIN_DISTANCE_M
  );
}

/**
 * Each sensor's twins: same span, same type and direction, chainage within half a metre (and
 * transverse offset, when both have one). A sensor without a chainage or a direction has none.
 * Sensors without twins are absent from the map.
 */
export function twinsOf(sensors: readonly PlacedSensor[]): Map<number, number[]> {
  const twins = new Map<number, number[]>();
  for (const a of sensors) {
    const found = sensors.filter((b) => b.id !== a.id && sameSpot(a, b)).map((b) => b.id);
    if (found.length > 0) twins.set(a.id, found);
  }
  return twins;
}
