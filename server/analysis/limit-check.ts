import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { QUASI_STATIC_SENSOR_TYPES } from '../../domain/sensor-limits.ts';
import {
  breachToReport,
  type LimitBreach,
  type Limits,
  LIMIT_WINDOW_MS,
  sideOf,
  type WindowMean,
} from '../analytics/limit-breaches.ts';
import type { Db } from '../db/client.ts';
import { datastreams, datastreamSensors, sensors } from '../db/schema.ts';
import { DAY_MS, PERIOD_DAYS } from './analysis-rules.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import type { BridgeStream } from './bridge-streams.ts';

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

/**
 * 10-minute means of one stream over [from, to) (10-minute aligned), from its minute roll-ups:
 * the ingest keeps them with every stored block, so a week of a 10 Hz gauge is 10,080 rows to
 * sum instead of six million samples to decode. Each minute bucket lies wholly in one window, so
 * the means are those of the samples themselves.
 */
async function meansOf(
  db: Db,
  datastreamId: number,
  from: number,
  to: number,
): Promise<WindowMean[]> {
  const rows = rowsOf<{ slot: number; sum: number; n: number }>(
    await db.execute(sql`
      SELECT floor((date_part('epoch', bucket) * 1000 - ${from}::float8)
                   / ${LIMIT_WINDOW_MS}::float8) AS slot,
             sum(v_sum) AS sum, sum(n)::float8 AS n
      FROM reading_rollups
      WHERE datastream_id = ${datastreamId} AND bucket_seconds = 60
        AND bucket >= ${new Date(from).toISOString()}::timestamptz
        AND bucket < ${new Date(to).toISOString()}::timestamptz AND n > 0
      GROUP BY 1 ORDER BY 1`),
  );
  return rows.map((row) => ({
    start: from + Number(row.slot) * LIMIT_WINDOW_MS,
    mean: Number(row.sum) / Number(row.n),
  }));
}

/**
 * The means a report needs, read from as late as is safe: a reportable breach ends after the
 * data the previous evaluation judged (`seenUntil`), so reading starts a sustained time and a
 * day before it, and goes back a day at a time while the earliest mean read is beyond a limit
 * (the breach may have begun earlier). Without a previous evaluation, the whole period.
 */
async function meansToJudge(
  db: Db,
  datastreamId: number,
  limits: Limits,
  period: { from: number; to: number },
  seenUntil: number | null,
) {
  const margin = limits.sustainedMinutes * 60_000 + DAY_MS;
  let start =
    seenUntil === null
      ? period.from
      : Math.max(period.from, Math.floor((seenUntil - margin) / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS);
  let means = await meansOf(db, datastreamId, start, period.to);
  for (;;) {
    const first = means[0];
    if (start <= period.from || !first || first.start !== start || !sideOf(first.mean, limits)) {
      return means;
    }
    const earlier = Math.max(period.from, start - DAY_MS);
    means = [...(await meansOf(db, datastreamId, earlier, start)), ...means];
    start = earlier;
  }
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
    const means = await meansToJudge(db, stream.datastreamId, stream, { from, to }, seenUntil);
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
