import type { Alert } from '../../api/queries/alerts';
import type { BridgeStream } from './bridge-evaluation';

/**
 * The data stream an alert is about, as the dashboard lists it: the one whose frequency shift
 * the alert states (its feature `stream.fN`), else the one stream of its cause. Null for
 * alerts about the whole bridge (condition, maintenance, inspections).
 */
export function alertStream(alert: Alert, streams: readonly BridgeStream[]): BridgeStream | null {
  const shifted = alert.cause.physical_change?.feature.replace(/\.f\d+$/, '');
  if (shifted) {
    const found = streams.find((s) => s.stream.stream_id === shifted);
    if (found) return found;
  }
  // Several streams in the cause are the contributors of a bridge-wide alert, not its sensor.
  const [only, ...others] = alert.cause.datastreams;
  if (!only || others.length > 0) return null;
  return streams.find((s) => s.stream.id === only.id) ?? null;
}

/** 'Sensor lions-gate-s2 (stream lions-gate-s2-str)', or what the cause names without a match. */
export function alertSensorText(alert: Alert, entry: BridgeStream | null): string {
  if (entry) {
    const sensors = entry.sensors.map((s) => s.sensor_id).join(', ');
    return sensors
      ? `Sensor ${sensors} (stream ${entry.stream.stream_id})`
      : `Stream ${entry.stream.stream_id}`;
  }
  const named = alert.cause.datastreams.map((d) => d.stream_id);
  if (named.length > 1) return `The whole bridge (streams ${named.join(', ')})`;
  return named.length === 1 ? `Stream ${named[0] ?? ''}` : 'The whole bridge (no single sensor)';
}

/** The id of a stream's card in Sensor readings, which an alert links to. */
export const streamCardId = (datastreamId: number): string => `stream-${datastreamId}`;
