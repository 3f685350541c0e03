import {
  SENSOR_STATUSES,
  SENSOR_TYPES,
  SENSOR_TYPE_OF,
  type SensorStatus,
  type SensorType,
} from '../../domain/enums.ts';
import type { CableSettings } from '../../domain/cable.ts';
import type { SensorPosition } from '../../domain/sensor-geometry.ts';
import { DEMO_FLEET } from '../demo/demo-fleet.ts';
import { demoSensors } from '../demo/demo-layout.ts';
import { cycledSensorPosition, fedSensorPosition } from './demo-positions.ts';

export interface PlannedSensor {
  label: string;
  type: SensorType;
  status: SensorStatus;
  spanId: number;
  /** Where it sits on its span (decision 068). */
  position: SensorPosition;
  /** The stay or hanger it is on (decision 079). */
  cable?: CableSettings;
}

type SpanRow = { id: number; label: string; length: number };

/**
 * The sensors of one demo bridge. Every bridge gets the sensors its scenario feeds, labelled
 * like their data streams; the lightly instrumented ones also two sensors per span, cycling
 * (across bridges, through `cycle`) through every type and every status, which stay silent.
 * Each has a position (demo-positions.ts).
 */
export function planSensors(
  bridge: { id: number; name: string },
  spanRows: readonly SpanRow[],
  cycle: { index: number },
): PlannedSensor[] {
  const demo = DEMO_FLEET.find((d) => d.name === bridge.name);
  const fed = (demo ? demoSensors(demo) : []).map((s) => {
    const type = SENSOR_TYPE_OF[s.dataType];
    const span = spanRows[s.spanIndex];
    return {
      label: s.streamId,
      type,
      status: s.status,
      spanId: span?.id ?? 0,
      position: fedSensorPosition(s, type, span?.length ?? 0),
      ...(s.cable ? { cable: s.cable } : {}),
    };
  });
  if (demo && !demo.light) return fed;
  return [...fed, ...cycledSensors(bridge, spanRows, cycle)];
}

function cycledSensors(
  bridge: { id: number },
  spanRows: readonly SpanRow[],
  cycle: { index: number },
): PlannedSensor[] {
  return spanRows.flatMap((span) =>
    ([0, 1] as const).map((k) => {
      const type = SENSOR_TYPES[cycle.index % SENSOR_TYPES.length] ?? 'accelerometer';
      const status =
        cycle.index % 5 === 4
          ? (SENSOR_STATUSES[((cycle.index / 5) % 4) | 0] ?? 'active')
          : 'active';
      cycle.index += 1;
      const place = span.label.split('_')[0]?.toUpperCase();
      return {
        label: `B${bridge.id}-${place}-${type.toUpperCase()}-${k + 1}`,
        type,
        status,
        spanId: span.id,
        position: cycledSensorPosition(type, k, span.length),
      };
    }),
  );
}
