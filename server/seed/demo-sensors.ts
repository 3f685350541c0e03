import {
  SENSOR_STATUSES,
  SENSOR_TYPES,
  SENSOR_TYPE_OF,
  type SensorStatus,
  type SensorType,
} from '../../domain/enums.ts';
import { DEMO_FLEET, demoSensors } from '../demo/demo-scenarios.ts';

export interface PlannedSensor {
  label: string;
  type: SensorType;
  status: SensorStatus;
  spanId: number;
}

/**
 * The sensors of one demo bridge. Every bridge gets the sensors its scenario feeds, labelled
 * like their data streams; the lightly instrumented ones also two sensors per span, cycling
 * (across bridges, through `cycle`) through every type and every status, which stay silent.
 */
export function planSensors(
  bridge: { id: number; name: string },
  spanRows: readonly { id: number; label: string }[],
  cycle: { index: number },
): PlannedSensor[] {
  const demo = DEMO_FLEET.find((d) => d.name === bridge.name);
  const fed = (demo ? demoSensors(demo) : []).map((s) => ({
    label: s.streamId,
    type: SENSOR_TYPE_OF[s.dataType],
    status: s.status,
    spanId: spanRows[s.spanIndex]?.id ?? 0,
  }));
  if (demo && !demo.light) return fed;
  return [...fed, ...cycledSensors(bridge, spanRows, cycle)];
}

function cycledSensors(
  bridge: { id: number },
  spanRows: readonly { id: number; label: string }[],
  cycle: { index: number },
): PlannedSensor[] {
  return spanRows.flatMap((span) =>
    [0, 1].map((k) => {
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
      };
    }),
  );
}
