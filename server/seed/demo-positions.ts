// Where each demo sensor sits on its span and what it measures (decision 068; the fields of
// decision 057). Chainage is metres from the span's first support, offset metres from the deck's
// axis (negative: the downstream side). Only the seed of an empty database writes them.

import type { SensorType } from '../../domain/enums.ts';
import type { SensorDirection, SensorPosition } from '../../domain/sensor-geometry.ts';
import type { DemoSensor } from '../demo/demo-layout.ts';

/**
 * The instrumented girder line: accelerometers and gauges on one web, so the accelerometers of a
 * span read one line of the deck's vertical modes (decision 046's located change needs that).
 */
const GIRDER_OFFSET_M = -4;
/**
 * A twin sits beside its gauge, as decision 048's test pair does: inside the half metre that
 * makes two sensors one place (domain/sensor-twins.ts), far enough apart to be two gauges.
 */
export const TWIN_SPACING_M = 0.3;

const round1 = (metres: number) => Math.round(metres * 10) / 10;

/** What each type measures along; a thermometer measures no direction. */
const DIRECTION_OF: Record<SensorType, SensorDirection | null> = {
  accelerometer: 'vertical',
  strain_gauge: 'longitudinal',
  displacement: 'longitudinal',
  tilt: 'longitudinal',
  load_cell: 'vertical',
  temperature: null,
};

/**
 * A sensor the simulator feeds: at the simulator's own place along the span (StreamSpec.position,
 * so the stored chainage is where its signal comes from), a twin TWIN_SPACING_M further along.
 * An accelerometer on a hanger measures across the bridge, the way a hanger sways out of its
 * plane, so it is never taken for a vertical channel of the deck's modes (decision 079).
 */
export function fedSensorPosition(
  sensor: Pick<DemoSensor, 'position' | 'twinOf' | 'cable'>,
  type: SensorType,
  spanLengthM: number,
): SensorPosition {
  const along = sensor.position * spanLengthM + (sensor.twinOf ? TWIN_SPACING_M : 0);
  return {
    chainageM: round1(Math.min(spanLengthM, along)),
    transverseOffsetM: type === 'temperature' ? 0 : GIRDER_OFFSET_M,
    direction: sensor.cable ? 'transverse' : DIRECTION_OF[type],
  };
}

/**
 * Where the silent sensors of a lightly instrumented span go, the `k`-th of two of their type:
 * accelerometers and thermometers at the quarter and three-quarter points (with the fed
 * accelerometer at 0.4 they give a span several points of its mode shapes); strain gauges and
 * tilt meters near the supports, where the hogging moment and the end rotation are; displacement
 * gauges and load cells at the bearings themselves.
 */
const CYCLED_FRACTIONS: Record<SensorType, readonly [number, number]> = {
  accelerometer: [0.25, 0.75],
  temperature: [0.25, 0.75],
  strain_gauge: [0.05, 0.95],
  tilt: [0.05, 0.95],
  displacement: [0, 1],
  load_cell: [0, 1],
};

export function cycledSensorPosition(
  type: SensorType,
  k: 0 | 1,
  spanLengthM: number,
): SensorPosition {
  return {
    chainageM: round1(CYCLED_FRACTIONS[type][k] * spanLengthM),
    transverseOffsetM: type === 'temperature' ? 0 : GIRDER_OFFSET_M,
    direction: DIRECTION_OF[type],
  };
}
