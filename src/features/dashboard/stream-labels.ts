import type { Datastream, Sensor, Span } from '../../api/queries/structures';
import { DATA_TYPE_UNITS } from '../../../domain/enums';

const TYPE_NAMES: Record<Sensor['type'], string> = {
  accelerometer: 'Accelerometer',
  strain_gauge: 'Strain gauge',
  temperature: 'Thermometer',
  displacement: 'Displacement sensor',
  tilt: 'Tiltmeter',
  load_cell: 'Load cell',
};

export const unitOf = (stream: Datastream): string => DATA_TYPE_UNITS[stream.data_type];

/** 'Acceleration (m/s²)': the axis title of a stream's readings, in `unit` when converted. */
export function axisLabel(stream: Datastream, unit: string = unitOf(stream)): string {
  const kind = stream.data_type.charAt(0).toUpperCase() + stream.data_type.slice(1);
  return `${kind} (${unit})`;
}

/** 'Accelerometer, span west_span': what and where, in words; the ids go in the subtitle. */
export function humanTitle(sensors: readonly Sensor[], span: Span | undefined): string {
  const first = sensors[0];
  const kind = first ? TYPE_NAMES[first.type] : 'Sensor';
  return span ? `${kind}, span ${span.span_id}` : `${kind}, whole bridge`;
}
