import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { QUASI_STATIC_SENSOR_TYPES } from '../../src/domain/sensor-limits.ts';
import {
  breachToReport,
  type LimitBreach,
  LIMIT_WINDOW_MS,
  type WindowMean,
  windowMeans,
} from '../analytics/limit-breaches.ts';
import type { Db } from '../db/client.ts';
import { datastreams, datastreamSensors, sensors } from '../db/schema.ts';
import { DAY_MS, PERIOD_DAYS } from './analysis-rules.ts';
import { type BridgeStream, loadBlocks } from './bridge-streams.ts';

export interface StreamBreach extends LimitBreach {
  datastreamId: number;
  streamId: string;
  sensorLabel: string;
  sensorType: string;
}

/** The streams of the bridge's quasi-static sensors that have a limit set, with the limits. */
async function limitedStreams(db: Db, bridgeId: number) {
  return db
    .select({
      datastreamId: datastreams.id,
      streamId: datastreams.streamId,
      sensorLabel: sensors.label,
      sensorType: sensors.type,
      low: sensors.limitLow,
      high: sensors.limitHigh,
      sustainedMinutes: sensors.limitSustainedMinutes,
    })
    .from(sensors)
    .innerJoin(datastreamSensors, eq(datastreamSensors.sensorId, sensors.id))
    .innerJoin(datastreams, eq(datastreams.id, datastreamSensors.datastreamId))
    .where(
      and(
        eq(sensors.bridgeId, bridgeId),
        inArray(sensors.type, [...QUASI_STATIC_SENSOR_TYPES]),
        or(isNotNull(sensors.limitLow), isNotNull(sensors.limitHigh)),
      ),
    )
    .orderBy(datastreams.streamId);
}

/** 10-minute means of one stream over [from, to), read a day at a time so memory stays small. */
async function meansOf(db: Db, datastreamId: number, from: number, to: number) {
  const means: WindowMean[] = [];
  for (let start = from; start < to; start += DAY_MS) {
    const end = Math.min(to, start + DAY_MS);
    means.push(...windowMeans(await loadBlocks(db, [datastreamId], start, end), start, end));
  }
  return means;
}

/**
 * The limit breaches to report for the evaluated period (the last PERIOD_DAYS days of complete
 * 10-minute windows: the one still filling could hold a few samples and a truck), one per stream
 * of a quasi-static sensor with limits: in force at its end, or ended after `seenUntil` (epoch
 * ms, the end of the previous evaluation's data). Streams whose own signal is broken (`faulty`:
 * sensor faults found by this analysis) or whose sensors are not active are not judged: a
 * drifting gauge is a sensor fault, not a limit breach.
 */
export async function checkLimits(
  db: Db,
  bridgeId: number,
  streams: readonly BridgeStream[],
  faulty: ReadonlySet<number>,
  newest: number,
  seenUntil: number | null = null,
): Promise<StreamBreach[]> {
  const active = new Set(streams.filter((s) => s.status === 'active').map((s) => s.id));
  const to = Math.floor(newest / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS;
  const from = to - PERIOD_DAYS * DAY_MS;
  const breaches: StreamBreach[] = [];
  for (const stream of await limitedStreams(db, bridgeId)) {
    if (!active.has(stream.datastreamId) || faulty.has(stream.datastreamId)) continue;
    const means = await meansOf(db, stream.datastreamId, from, to);
    const breach = breachToReport(means, stream, seenUntil);
    if (breach) {
      breaches.push({
        ...breach,
        datastreamId: stream.datastreamId,
        streamId: stream.streamId,
        sensorLabel: stream.sensorLabel,
        sensorType: stream.sensorType,
      });
    }
  }
  return breaches;
}
