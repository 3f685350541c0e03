import { and, eq, gte, inArray, ne } from 'drizzle-orm';
import { isSensorStatus } from '../../domain/enums.ts';
import { worstSensorStatus } from '../../domain/data-trust.ts';
import { SENSOR_OFFLINE_ALERT } from '../../domain/health.ts';
import { SENSOR_FAULT_ALERT } from '../../domain/sensor-faults.ts';
import { weekDrift, weekDriftText } from '../analytics/sensor-validation/week-drift.ts';
import { DRIFT_OWN_HISTORY } from '../analytics/sensor-validation/thresholds.ts';
import { HOUR_MS } from '../analytics/sensor-validation/types.ts';
import type { Schemas } from '../contract-types.ts';
import type { Db } from '../db/client.ts';
import { alerts, datastreamSensors, readingRollups, sensors } from '../db/schema.ts';

type StreamTrust = Schemas['StreamTrust'];
type StreamFinding = Schemas['StreamFinding'];

export interface TrustedStream {
  id: number;
  dataType: string;
  lastSeenAt: Date | null;
}

const HOUR_BUCKET = 3600;
const WEEK_MS = DRIFT_OWN_HISTORY.horizonHours * HOUR_MS;
// The thresholds are in µε per hour (decision 030), so only strain is judged for drift.
const DRIFT_TYPES: Record<string, string> = { strain: 'µε' };

/** 'Sensor fault on stream X: stuck at 1.2 for 45 minutes' → 'stuck at 1.2 for 45 minutes'. */
const faultDetail = (message: string) => message.slice(message.indexOf(': ') + 2) || message;

/**
 * What each stream of one bridge can be trusted for (docs/decisions/037): the register's status
 * of its sensors there, silent by the open 'Sensor offline' alert, the analysis' open 'Sensor
 * fault' alerts, and a week's drift judged on the hour roll-ups. Three reads for the whole list.
 */
export function createStreamTrustRepository(db: Db) {
  async function statusesOf(bridgeId: number, ids: number[]) {
    const rows = await db
      .select({ streamId: datastreamSensors.datastreamId, status: sensors.status })
      .from(datastreamSensors)
      .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
      .where(and(eq(sensors.bridgeId, bridgeId), inArray(datastreamSensors.datastreamId, ids)));
    return (id: number) =>
      worstSensorStatus(
        rows
          .filter((r) => r.streamId === id)
          .map((r) => r.status)
          .filter(isSensorStatus),
      );
  }

  async function openAlertsOf(bridgeId: number) {
    return db
      .select({
        type: alerts.type,
        subject: alerts.subject,
        message: alerts.message,
        raisedAt: alerts.raisedAt,
      })
      .from(alerts)
      .where(
        and(
          eq(alerts.bridgeId, bridgeId),
          ne(alerts.state, 'cleared'),
          inArray(alerts.type, [SENSOR_OFFLINE_ALERT, SENSOR_FAULT_ALERT]),
        ),
      );
  }

  async function driftsOf(streams: readonly TrustedStream[]) {
    const judged = streams.filter((s) => s.lastSeenAt !== null && s.dataType in DRIFT_TYPES);
    const found = new Map<number, StreamFinding>();
    if (judged.length === 0) return found;
    // One read for the bridge: the week before its newest sample. A stream whose last sample is
    // older than that has no hours in it, so it is not judged for drift.
    const newest = Math.max(...judged.map((s) => s.lastSeenAt?.getTime() ?? 0));
    const rows = await db
      .select({
        id: readingRollups.datastreamId,
        bucket: readingRollups.bucket,
        sum: readingRollups.vSum,
        n: readingRollups.n,
      })
      .from(readingRollups)
      .where(
        and(
          eq(readingRollups.bucketSeconds, HOUR_BUCKET),
          inArray(
            readingRollups.datastreamId,
            judged.map((s) => s.id),
          ),
          gte(readingRollups.bucket, new Date(newest - WEEK_MS - HOUR_MS)),
        ),
      );
    const hoursOf = new Map<number, { t: number; mean: number }[]>();
    for (const row of rows) {
      if (row.n <= 0) continue;
      const hours = hoursOf.get(row.id) ?? [];
      hours.push({ t: row.bucket.getTime(), mean: row.sum / row.n });
      hoursOf.set(row.id, hours);
    }
    for (const stream of judged) {
      const drift = weekDrift(hoursOf.get(stream.id) ?? [], stream.lastSeenAt?.getTime() ?? 0);
      if (!drift) continue;
      found.set(stream.id, {
        kind: 'drift',
        detail: weekDriftText(drift, DRIFT_TYPES[stream.dataType] ?? ''),
        since: new Date(drift.fromMs).toISOString(),
      });
    }
    return found;
  }

  return {
    async ofBridge(
      bridgeId: number,
      streams: readonly TrustedStream[],
    ): Promise<Map<number, StreamTrust>> {
      const ids = streams.map((s) => s.id);
      if (ids.length === 0) return new Map();
      const [statusOf, open, drifts] = await Promise.all([
        statusesOf(bridgeId, ids),
        openAlertsOf(bridgeId),
        driftsOf(streams),
      ]);
      const alertsOf = (id: number, type: string) =>
        open.filter((a) => a.type === type && a.subject === String(id));
      return new Map(
        streams.map((stream) => {
          const signal = alertsOf(stream.id, SENSOR_FAULT_ALERT).map((a): StreamFinding => ({
            kind: 'signal',
            detail: faultDetail(a.message),
            since: a.raisedAt.toISOString(),
          }));
          const drift = drifts.get(stream.id);
          const trust: StreamTrust = {
            state:
              stream.lastSeenAt === null
                ? 'never'
                : alertsOf(stream.id, SENSOR_OFFLINE_ALERT).length > 0
                  ? 'silent'
                  : 'reporting',
            sensor_status: statusOf(stream.id),
            findings: drift ? [...signal, drift] : signal,
          };
          return [stream.id, trust];
        }),
      );
    },
  };
}

export type StreamTrustRepository = ReturnType<typeof createStreamTrustRepository>;
