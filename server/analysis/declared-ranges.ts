import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf } from '../db/pg-arrays.ts';
import type { DeclaredRange } from '../analytics/sensor-validation/range-clipping.ts';
import type { BridgeStream } from './bridge-streams.ts';

/**
 * Data stream id → its sensor's declared measuring range (decision 030, 2026-12-01), for streams
 * fed by one sensor with at least one edge declared: a stream fed by several has no one range.
 */
export async function loadDeclaredRanges(
  db: Db,
  streams: readonly BridgeStream[],
): Promise<Map<number, DeclaredRange>> {
  if (streams.length === 0) return new Map();
  const rows = rowsOf<{
    datastream_id: number;
    sensors: number;
    range_low: number | null;
    range_high: number | null;
  }>(
    await db.execute(sql`
      SELECT ds.datastream_id, count(*) OVER (PARTITION BY ds.datastream_id)::int AS sensors,
             s.range_low, s.range_high
      FROM datastream_sensors ds JOIN sensors s ON s.id = ds.sensor_id
      WHERE ds.datastream_id = ANY(${intArray(streams.map((s) => s.id))}::int[])`),
  );
  const ranges = new Map<number, DeclaredRange>();
  for (const row of rows) {
    if (Number(row.sensors) !== 1) continue;
    const low = row.range_low === null ? null : Number(row.range_low);
    const high = row.range_high === null ? null : Number(row.range_high);
    if (low !== null || high !== null) ranges.set(Number(row.datastream_id), { low, high });
  }
  return ranges;
}
