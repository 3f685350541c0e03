import type { Sensor } from '../../api/queries/structures';
import { sensorPositionText } from '../../../domain/sensor-geometry';
import * as styles from './sensor-position.css';

/** Where a sensor sits on its span, e.g. "ch. 42.0 m · vertical"; the text for search and export. */
export const positionText = (sensor: Sensor): string =>
  sensorPositionText({
    chainageM: sensor.chainage_m,
    transverseOffsetM: sensor.transverse_offset_m,
    direction: sensor.direction,
  });

/** The position under the span's name; nothing when none is recorded. */
export function SensorPositionNote({ sensor }: { sensor: Sensor }) {
  const text = positionText(sensor);
  return text ? <span className={styles.position}>{text}</span> : null;
}
