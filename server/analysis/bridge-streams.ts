import { sql } from 'drizzle-orm';
import type { StreamSeries } from '../analytics/series.ts';
import type { SensorCondition } from '../analytics/window-features.ts';
import type { Db } from '../db/client.ts';
import { MAX_BLOCK_SECONDS } from '../readings/block-limits.ts';
import { queryFloat64Rows } from '../db/float64-query.ts';
import { STORED_VALUES, storedValues, type StoredValuesRow } from '../readings/stored-values.ts';
import { intArray, rowsOf } from '../db/pg-arrays.ts';

/** A data stream fed by a sensor on the bridge (datastream_sensors). */
export interface BridgeStream {
  /** datastreams.id */
  id: number;
  /** datastreams.stream_id */
  streamId: string;
  dataType: StreamSeries['dataType'];
  /** The worst status of the sensors feeding it (faulty > maintenance > inactive > active). */
  status: SensorCondition;
  /**
   * The span and measuring direction of the one sensor feeding it (decision 057); absent when
   * several sensors feed it or its sensor's direction is not recorded.
   */
  placement?: { spanId: number; direction: string };
}

const SEVERITY: SensorCondition[] = ['active', 'inactive', 'maintenance', 'faulty'];

export async function loadBridgeStreams(db: Db, bridgeId: number): Promise<BridgeStream[]> {
  const rows = rowsOf<{
    id: number;
    stream_id: string;
    data_type: string;
    statuses: string[];
    span_id: number | null;
    direction: string | null;
  }>(
    await db.execute(sql`
      SELECT d.id, d.stream_id, d.data_type, array_agg(s.status) AS statuses,
             CASE WHEN count(*) = 1 THEN min(s.span_id) END AS span_id,
             CASE WHEN count(*) = 1 THEN min(s.direction) END AS direction
      FROM datastreams d
      JOIN datastream_sensors ds ON ds.datastream_id = d.id
      JOIN sensors s ON s.id = ds.sensor_id
      WHERE s.bridge_id = ${bridgeId}
      GROUP BY d.id
      ORDER BY d.stream_id`),
  );
  return rows.map((row) => ({
    id: Number(row.id),
    streamId: row.stream_id,
    dataType: row.data_type as StreamSeries['dataType'],
    status:
      SEVERITY[Math.max(...row.statuses.map((s) => SEVERITY.indexOf(s as SensorCondition)))] ??
      'active',
    ...(row.span_id !== null && row.direction !== null
      ? { placement: { spanId: Number(row.span_id), direction: row.direction } }
      : {}),
  }));
}

/** Epoch ms of the oldest and newest stored sample of these streams; null without data. */
export async function dataExtent(
  db: Db,
  streamIds: number[],
): Promise<{ first: number; newest: number } | null> {
  if (streamIds.length === 0) return null;
  // One index probe per stream on the (datastream_id, start) key, then the ingest's last_seen_at.
  const [row] = rowsOf<{ first: number | null; newest: number | null }>(
    await db.execute(sql`
      SELECT
        (SELECT min((extract(epoch FROM (SELECT min(r.start) FROM readings r
                                          WHERE r.datastream_id = u.id)) * 1000)::float8)
         FROM unnest(${intArray(streamIds)}::int[]) AS u(id)) AS first,
        (SELECT (extract(epoch FROM max(d.last_seen_at)) * 1000)::float8
         FROM datastreams d WHERE d.id = ANY(${intArray(streamIds)}::int[])) AS newest`),
  );
  if (!row || row.first === null || row.newest === null) return null;
  return { first: Number(row.first), newest: Number(row.newest) };
}

export interface StoredBlock {
  datastreamId: number;
  startMs: number;
  rateHz: number;
  /** NULL elements read as 0 (queryFloat64Rows). */
  values: Float64Array;
}

/** The longest block the ingest accepts reaches this far back into a range. */
const LOOKBACK_MS = MAX_BLOCK_SECONDS * 1000;

/**
 * Every stored block of these streams holding samples in [from, to), oldest first. The values
 * arrive as Float64Arrays, transferred from the database thread: a day of a detailed bridge is
 * millions of samples, which as arrays of numbers were copied twice on the way (decision 039).
 */
export async function loadBlocks(
  db: Db,
  streamIds: number[],
  from: number,
  to: number,
): Promise<StoredBlock[]> {
  if (streamIds.length === 0) return [];
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows = await queryFloat64Rows<
    { datastream_id: number; ms: number; rate_hz: number } & StoredValuesRow
  >(
    db,
    `SELECT datastream_id, (extract(epoch FROM start) * 1000)::float8 AS ms, rate_hz,
            ${STORED_VALUES}
     FROM readings
     WHERE datastream_id = ANY($1::int[])
       AND start >= $2::timestamptz AND start < $3::timestamptz
       AND (start >= $4::timestamptz
            OR (rate_hz > 0 AND start + n / rate_hz * interval '1 second' > $4::timestamptz))
     ORDER BY start`,
    [intArray(streamIds), iso(from - LOOKBACK_MS), iso(to), iso(from)],
  );
  return rows.map((row) => ({
    datastreamId: Number(row.datastream_id),
    startMs: Number(row.ms),
    rateHz: Number(row.rate_hz),
    values: storedValues(row),
  }));
}

/**
 * `loadBlocks` one stream at a time, each stream's blocks oldest first (grouped by stream, which
 * is how every reader takes them). A day of a detailed bridge in one answer held the database
 * thread's heap some 30 MB higher while it was read (decision 039, 2026-11-29).
 */
export async function loadBlocksByStream(
  db: Db,
  streamIds: number[],
  from: number,
  to: number,
): Promise<StoredBlock[]> {
  const blocks: StoredBlock[] = [];
  for (const id of streamIds) {
    for (const block of await loadBlocks(db, [id], from, to)) blocks.push(block);
  }
  return blocks;
}
