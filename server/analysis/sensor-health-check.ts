import { sensorFaults, type SensorFault } from '../analytics/sensor-health.ts';
import type { Db } from '../db/client.ts';
import { type BridgeStream, loadBlocks } from './bridge-streams.ts';
import { DAY_MS } from './analysis-rules.ts';

/** The span sensor health is checked over: the last day before the newest sample. */
export const SENSOR_HEALTH_DAYS = 1;

export interface StreamFaults {
  datastreamId: number;
  streamId: string;
  faults: SensorFault[];
}

/**
 * Checks the signal of each active stream of the bridge over its last day (sensor-health.ts),
 * one stream at a time so memory stays small. Only streams with a fault are returned.
 */
export async function checkStreamHealth(
  db: Db,
  streams: readonly BridgeStream[],
  newest: number,
): Promise<StreamFaults[]> {
  const from = newest - SENSOR_HEALTH_DAYS * DAY_MS;
  const found: StreamFaults[] = [];
  for (const stream of streams.filter((s) => s.status === 'active')) {
    const blocks = await loadBlocks(db, [stream.id], from, newest);
    const faults = sensorFaults(blocks, from, newest, {
      checkStuck: stream.dataType !== 'temperature',
    });
    if (faults.length > 0) {
      found.push({ datastreamId: stream.id, streamId: stream.streamId, faults });
    }
  }
  return found;
}
