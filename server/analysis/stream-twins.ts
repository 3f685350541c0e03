import { sql } from 'drizzle-orm';
import { isSensorDirection } from '../../domain/sensor-geometry.ts';
import { twinsOf } from '../../domain/sensor-twins.ts';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf } from '../db/pg-arrays.ts';
import type { BridgeStream } from './bridge-streams.ts';

/**
 * Data stream id → the data streams of its co-located twins (domain/sensor-twins.ts, from the
 * sensors' recorded geometry). A stream fed by several sensors has no one place, so no twin.
 */
export async function loadStreamTwins(
  db: Db,
  streams: readonly BridgeStream[],
): Promise<Map<number, number[]>> {
  if (streams.length === 0) return new Map();
  const rows = rowsOf<{
    datastream_id: number;
    sensors: number;
    sensor_id: number;
    span_id: number;
    type: string;
    chainage_m: number | null;
    transverse_offset_m: number | null;
    direction: string | null;
  }>(
    await db.execute(sql`
      SELECT ds.datastream_id, count(*) OVER (PARTITION BY ds.datastream_id)::int AS sensors,
             s.id AS sensor_id, s.span_id, s.type, s.chainage_m, s.transverse_offset_m, s.direction
      FROM datastream_sensors ds JOIN sensors s ON s.id = ds.sensor_id
      WHERE ds.datastream_id = ANY(${intArray(streams.map((s) => s.id))}::int[])`),
  );
  const single = rows.filter((row) => Number(row.sensors) === 1);
  const streamOfSensor = new Map(
    single.map((row) => [Number(row.sensor_id), Number(row.datastream_id)]),
  );
  const sensorTwins = twinsOf(
    single.map((row) => ({
      id: Number(row.sensor_id),
      spanId: Number(row.span_id),
      type: row.type,
      chainageM: row.chainage_m === null ? null : Number(row.chainage_m),
      transverseOffsetM: row.transverse_offset_m === null ? null : Number(row.transverse_offset_m),
      direction: row.direction !== null && isSensorDirection(row.direction) ? row.direction : null,
    })),
  );
  const twins = new Map<number, number[]>();
  for (const [sensor, others] of sensorTwins) {
    const stream = streamOfSensor.get(sensor);
    if (stream === undefined) continue;
    twins.set(
      stream,
      others.flatMap((other) => streamOfSensor.get(other) ?? []),
    );
  }
  return twins;
}
