import type { Datastream, Sensor } from './structures';
import { twinsOf } from '../../../domain/sensor-twins';

/** A pair in disagreement and its onset: the report's `sensor_disagreements`, or the listed streams' own. */
export interface PairDisagreement {
  stream_ids: readonly string[];
  since: string;
}

/** The other gauge of a co-located pair, seen from one stream's card (decision 074). */
export interface StreamTwin {
  /** The twin's data stream id ('lions-gate-s1-strb'). */
  streamId: string;
  /** ISO onset while the evaluation finds the pair disagreeing; null while they agree. */
  disagreeingSince: string | null;
}

/**
 * Each stream's co-located twins, as the analysis pairs them (server/analysis/stream-twins.ts):
 * streams of one sensor each, whose sensors are twins by their recorded positions
 * (domain/sensor-twins.ts), with the pair's disagreement from the stored episodes. Shared by the
 * dashboard's stream cards and the Bridge Management data streams table.
 */
export function streamTwinsOf(
  streams: readonly Datastream[],
  sensors: readonly Sensor[],
  disagreements: readonly PairDisagreement[] | undefined,
): Map<number, StreamTwin[]> {
  const single = streams.filter((stream) => stream.sensors.length === 1);
  const streamOfSensor = new Map(single.map((stream) => [stream.sensors[0], stream] as const));
  const placed = sensors.filter((sensor) => streamOfSensor.has(sensor.id));
  const sensorTwins = twinsOf(
    placed.map((sensor) => ({
      id: sensor.id,
      spanId: sensor.span,
      type: sensor.type,
      chainageM: sensor.chainage_m ?? null,
      transverseOffsetM: sensor.transverse_offset_m ?? null,
      direction: sensor.direction ?? null,
    })),
  );
  const since = (a: string, b: string) =>
    (disagreements ?? []).find((pair) => pair.stream_ids.includes(a) && pair.stream_ids.includes(b))
      ?.since ?? null;
  const twins = new Map<number, StreamTwin[]>();
  for (const [sensor, others] of sensorTwins) {
    const stream = streamOfSensor.get(sensor);
    if (!stream) continue;
    twins.set(
      stream.id,
      others.flatMap((other) => {
        const twin = streamOfSensor.get(other);
        return twin
          ? [
              {
                streamId: twin.stream_id,
                disagreeingSince: since(stream.stream_id, twin.stream_id),
              },
            ]
          : [];
      }),
    );
  }
  return twins;
}

/** The pairs in disagreement the listed streams carry (`twin_disagreements`), each pair once per stream. */
export function listedDisagreements(streams: readonly Datastream[]): PairDisagreement[] {
  return streams.flatMap((stream) =>
    (stream.twin_disagreements ?? []).map((twin) => ({
      stream_ids: [stream.stream_id, twin.stream_id],
      since: twin.since,
    })),
  );
}
