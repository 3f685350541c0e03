import { sql } from 'drizzle-orm';
import { isSensorOffline, SENSOR_OFFLINE_ALERT, sensorOfflineAlert } from '../../domain/health.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import { ALERT_LOCK_SPACE } from './analysis-alerts.ts';

/** How many of a stream's newest blocks give its usual gap (their median spacing). */
const GAP_SAMPLE_BLOCKS = 11;
const OFFLINE_CHECK_LOCK = 0;

interface StreamOnBridge {
  id: number;
  stream_id: string;
  last_seen_at: Date | string;
  bridge_id: number;
  sensors: string[];
  watched: boolean;
  usual_gap_ms: number | null;
}

/**
 * Every seen data stream per bridge its sensors sit on, with whether any of those sensors is
 * expected to send (active or faulty: inactive and maintenance sensors are silent on purpose)
 * and the median gap between its newest blocks.
 */
async function streamsOnBridges(tx: Db): Promise<StreamOnBridge[]> {
  const result = await tx.execute(sql`
    SELECT d.id, d.stream_id, d.last_seen_at, s.bridge_id,
           array_agg(s.label ORDER BY s.label) AS sensors,
           bool_or(s.status IN ('active', 'faulty')) AS watched,
           (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY g.gap)
              FROM (SELECT extract(epoch FROM b.start - lag(b.start) OVER (ORDER BY b.start)) * 1000
                             AS gap
                      FROM (SELECT r.start FROM readings r WHERE r.datastream_id = d.id
                             ORDER BY r.start DESC LIMIT ${GAP_SAMPLE_BLOCKS}) b) g
             WHERE g.gap IS NOT NULL) AS usual_gap_ms
      FROM datastreams d
      JOIN datastream_sensors ds ON ds.datastream_id = d.id
      JOIN sensors s ON s.id = ds.sensor_id
     WHERE d.last_seen_at IS NOT NULL
     GROUP BY d.id, d.stream_id, d.last_seen_at, s.bridge_id`);
  return rowsOf<StreamOnBridge>(result);
}

function offlineAlert(stream: StreamOnBridge, lastSeen: Date): RaisedAlert {
  return {
    bridgeId: stream.bridge_id,
    subject: String(stream.id),
    cause: {
      windows: [],
      datastreams: [{ id: stream.id, stream_id: stream.stream_id, sensors: stream.sensors }],
    },
    ...sensorOfflineAlert(stream.stream_id, lastSeen),
  };
}

export interface OfflineCheckResult {
  raised: number[];
  cleared: number[];
  /** False when another process was running the same check (PostgreSQL with several servers). */
  ran: boolean;
}

/**
 * Raises a 'Sensor offline' alert per silent stream and bridge, and clears those whose stream
 * sends again (or is gone, or whose sensors were all taken out of service).
 */
export async function checkSensorsOffline(db: Db, now: Date): Promise<OfflineCheckResult> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(
        sql`SELECT pg_try_advisory_xact_lock(${ALERT_LOCK_SPACE}::int, ${OFFLINE_CHECK_LOCK}::int) AS locked`,
      ),
    );
    if (!lock?.locked) return { raised: [], cleared: [], ran: false };
    const firing: RaisedAlert[] = [];
    for (const stream of await streamsOnBridges(tx)) {
      const lastSeen = new Date(stream.last_seen_at);
      const gap = stream.usual_gap_ms === null ? null : Number(stream.usual_gap_ms);
      if (stream.watched && isSensorOffline(lastSeen, gap, now)) {
        firing.push(offlineAlert(stream, lastSeen));
      }
    }
    const { raised, cleared } = await syncAlerts(
      tx,
      firing,
      { types: [SENSOR_OFFLINE_ALERT] },
      now,
    );
    return { raised, cleared, ran: true };
  });
}
