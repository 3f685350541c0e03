import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
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
import type { FaultSpans } from './fault-spans.ts';
import { isExcluded } from './training-exclusions.ts';
import { statusWindows } from '../fatigue/excluded-windows.ts';
import { NOT_JUDGED_STATUSES } from '../fatigue/status-periods.ts';
import { meansOf, slotMeans } from './window-means.ts';
import { compensate, type ThermalModel } from '../analytics/sensor-validation/thermal-model.ts';

export interface StreamBreach extends LimitBreach {
  datastreamId: number;
  streamId: string;
  sensorLabel: string;
  sensorType: string;
  /** Judged on temperature-compensated means, read as at this temperature (°C). */
  compensatedToC?: number;
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

type MeansReader = (from: number, to: number) => Promise<WindowMean[]>;

/** The streams' temperature models and the thermometer they read (sensor-health-check.ts). */
export interface LimitCompensation {
  models: ReadonlyMap<number, ThermalModel>;
  temperatureStreamId: number | null;
}

/**
 * The stream's 10-minute means, with their thermal part removed where it has a temperature model
 * (issue 30: a limit on a quasi-static channel is about the structure, not the day's sun). A
 * window whose lagged temperature is missing keeps its raw mean.
 */
function meansReader(
  db: Db,
  datastreamId: number,
  model: ThermalModel | undefined,
  temperatureStreamId: number | null,
): MeansReader {
  if (!model || temperatureStreamId === null) {
    return (from, to) => meansOf(db, datastreamId, from, to);
  }
  return async (from, to) => {
    const lagFrom = from - model.lagWindows * LIMIT_WINDOW_MS;
    const temperatures = await slotMeans(db, temperatureStreamId, lagFrom, to);
    return (await meansOf(db, datastreamId, from, to)).map(({ start, mean }) => ({
      start,
      mean: compensate(
        model,
        mean,
        temperatures[Math.round((start - from) / LIMIT_WINDOW_MS)] ?? Number.NaN,
      ),
    }));
  };
}

/**
 * The means a report needs, read from as late as is safe: a reportable breach ends after the
 * data the previous evaluation judged (`seenUntil`), so reading starts a sustained time and a
 * day before it, and goes back a day at a time while the earliest mean read is beyond a limit
 * (the breach may have begun earlier). Without a previous evaluation, the whole period.
 */
async function meansToJudge(
  meansOf: MeansReader,
  limits: Limits,
  period: { from: number; to: number },
  seenUntil: number | null,
) {
  const margin = limits.sustainedMinutes * 60_000 + DAY_MS;
  let start =
    seenUntil === null
      ? period.from
      : Math.max(period.from, Math.floor((seenUntil - margin) / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS);
  let means = await meansOf(start, period.to);
  for (;;) {
    const first = means[0];
    if (start <= period.from || !first || first.start !== start || !sideOf(first.mean, limits)) {
      return means;
    }
    const earlier = Math.max(period.from, start - DAY_MS);
    means = [...(await meansOf(earlier, start)), ...means];
    start = earlier;
  }
}

/**
 * The limit breaches to report for the evaluated period (the last PERIOD_DAYS days of complete
 * 10-minute windows: the one still filling could hold a few samples and a truck), one per stream
 * of a quasi-static sensor with limits: in force at its end, or ended after `seenUntil` (epoch
 * ms, the end of the previous evaluation's data). A stream's windows in which the register had a
 * gauge of it inactive, faulty or Under Maintenance are not judged, by the status in force then
 * (decision 045, 2026-12-03 (g) and (j)): a gauge made inactive today keeps the breach it showed
 * last week, and one inactive last week is not judged on what it recorded then. A stream with a sensor fault (`faultSpans`, decision 048) is judged on its windows
 * before the fault's onset and after its end, never on those in between: a drifting gauge is a
 * sensor fault, not a limit breach, but a breach it showed before the drift began is real. A
 * breach running into the onset is in force as far as the gauge can still be believed.
 */
export async function checkLimits(
  db: Db,
  bridgeId: number,
  faultSpans: FaultSpans,
  newest: number,
  seenUntil: number | null = null,
  compensation: LimitCompensation = { models: new Map(), temperatureStreamId: null },
): Promise<StreamBreach[]> {
  const to = Math.floor(newest / LIMIT_WINDOW_MS) * LIMIT_WINDOW_MS;
  const from = to - PERIOD_DAYS * DAY_MS;
  const breaches: StreamBreach[] = [];
  for (const stream of await limitedStreams(db, bridgeId)) {
    const model = compensation.models.get(stream.datastreamId);
    const read = meansReader(db, stream.datastreamId, model, compensation.temperatureStreamId);
    // Nor the windows the register had a gauge of it faulty, Under Maintenance or inactive then
    // (decision 045, 2026-12-03 (g), (j)): works on a gauge move it, and that is no breach.
    const spans = [
      ...(faultSpans.get(stream.datastreamId) ?? []),
      ...(await statusWindows(db, stream.datastreamId, from, to, NOT_JUDGED_STATUSES)),
    ];
    const means = (await meansToJudge(read, stream, { from, to }, seenUntil)).filter(
      (m) => !isExcluded({ start: m.start, end: m.start + LIMIT_WINDOW_MS }, spans),
    );
    const breach = breachToReport(means, stream, seenUntil);
    if (breach) {
      breaches.push({
        ...breach,
        ...(model && compensation.temperatureStreamId !== null
          ? { compensatedToC: model.referenceC }
          : {}),
        datastreamId: stream.datastreamId,
        streamId: stream.streamId,
        sensorLabel: stream.sensorLabel,
        sensorType: stream.sensorType,
      });
    }
  }
  return breaches;
}
