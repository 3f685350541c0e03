import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datastreams, datastreamSensors, sensors } from '../db/schema.ts';
import type { AlertCause } from './alerts-repository.ts';

/** The contributing streams by stream_id, with the sensor_id labels of their sensors. */
export async function causeStreams(
  tx: Db,
  streamIds: string[],
): Promise<AlertCause['datastreams']> {
  if (streamIds.length === 0) return [];
  const rows = await tx
    .select({ id: datastreams.id, streamId: datastreams.streamId, label: sensors.label })
    .from(datastreams)
    .leftJoin(datastreamSensors, eq(datastreamSensors.datastreamId, datastreams.id))
    .leftJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
    .where(inArray(datastreams.streamId, streamIds))
    .orderBy(datastreams.id, sensors.label);
  const byId = new Map<number, AlertCause['datastreams'][number]>();
  for (const row of rows) {
    const entry = byId.get(row.id) ?? { id: row.id, stream_id: row.streamId, sensors: [] };
    byId.set(row.id, entry);
    if (row.label !== null) entry.sensors.push(row.label);
  }
  // Keep the analysis's order (most contributing first).
  const order = new Map(streamIds.map((id, index) => [id, index]));
  return [...byId.values()].sort(
    (a, b) => (order.get(a.stream_id) ?? 0) - (order.get(b.stream_id) ?? 0),
  );
}
