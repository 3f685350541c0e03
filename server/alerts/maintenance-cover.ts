import { and, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import { LIMIT_EXCEEDED_ALERT, SENSOR_OFFLINE_ALERT } from '../../domain/health.ts';
import { MAINTENANCE_KIND_LABELS, type MaintenanceKind } from '../../domain/maintenance.ts';
import { SENSOR_FAULT_ALERT } from '../../domain/sensor-faults.ts';
import type { Db } from '../db/client.ts';
import { alerts, datastreamSensors, maintenanceEvents, sensors, spans } from '../db/schema.ts';
import type { AlertCause } from './alerts-repository.ts';
import { CALIBRATION_DUE_ALERT } from './calibration-check.ts';
import { FATIGUE_ALERT } from '../../domain/fatigue-alerts.ts';

/** A maintenance window that covers an alert: its notifications wait until `until`. */
export interface MaintenanceCover {
  eventId: number;
  until: Date;
  /** 'Suppressed by maintenance: Repair of span main, 2026-11-29 08:00 to 12:00 UTC'. */
  note: string;
}

/** Alert types whose subject is one data stream. */
const STREAM_SUBJECT_TYPES = [SENSOR_FAULT_ALERT, SENSOR_OFFLINE_ALERT, LIMIT_EXCEEDED_ALERT];

const minute = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

/** The sensors an alert is about, or null when it is about the bridge as a whole. */
function alertSensors(
  alert: { type: string; subject: string; cause: AlertCause },
  sensorsOfStream: ReadonlyMap<number, number[]>,
): number[] | null {
  if (alert.type === CALIBRATION_DUE_ALERT) return [Number(alert.subject)];
  if (alert.type === FATIGUE_ALERT) return [Number(alert.subject.split(':')[0])];
  const streams = STREAM_SUBJECT_TYPES.includes(alert.type)
    ? [Number(alert.subject)]
    : (alert.cause.datastreams ?? []).map((stream) => stream.id);
  const found = streams.flatMap((id) => sensorsOfStream.get(id) ?? []);
  return found.length > 0 ? found : null;
}

/**
 * Which of these alerts a maintenance window covers at `at` (decision 055), with the window
 * that ends last. An event on a sensor covers the alerts about that sensor alone, one on a span
 * those about sensors of that span alone, one on neither the whole bridge. Like ISA-18.2's
 * "out of service", a Critical alert is held only when the instrument it comes from is itself
 * out of service (a sensor's window): works on a span or the bridge leave the structure in
 * service, and a Critical reading there may be real.
 */
export async function maintenanceCovers(
  db: Db,
  alertIds: readonly number[],
  at: Date,
): Promise<Map<number, MaintenanceCover>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: alerts.id,
      bridgeId: alerts.bridgeId,
      type: alerts.type,
      subject: alerts.subject,
      severity: alerts.severity,
      cause: alerts.cause,
    })
    .from(alerts)
    .where(inArray(alerts.id, [...alertIds]));
  const bridgeIds = [...new Set(rows.map((row) => row.bridgeId))];
  if (bridgeIds.length === 0) return new Map();
  const windows = await db
    .select({
      event: maintenanceEvents,
      spanLabel: spans.label,
      sensorLabel: sensors.label,
    })
    .from(maintenanceEvents)
    .leftJoin(spans, eq(spans.id, maintenanceEvents.spanId))
    .leftJoin(sensors, eq(sensors.id, maintenanceEvents.sensorId))
    .where(
      and(
        inArray(maintenanceEvents.bridgeId, bridgeIds),
        isNotNull(maintenanceEvents.outOfServiceFrom),
        lte(maintenanceEvents.outOfServiceFrom, at),
        gt(maintenanceEvents.outOfServiceUntil, at),
      ),
    );
  if (windows.length === 0) return new Map();
  const links = await db
    .select({
      streamId: datastreamSensors.datastreamId,
      sensorId: sensors.id,
      spanId: sensors.spanId,
    })
    .from(datastreamSensors)
    .innerJoin(sensors, eq(sensors.id, datastreamSensors.sensorId))
    .where(inArray(sensors.bridgeId, bridgeIds));
  const sensorsOfStream = new Map<number, number[]>();
  const spanOfSensor = new Map<number, number | null>();
  for (const link of links) {
    sensorsOfStream.set(link.streamId, [
      ...(sensorsOfStream.get(link.streamId) ?? []),
      link.sensorId,
    ]);
    spanOfSensor.set(link.sensorId, link.spanId);
  }
  const covers = new Map<number, MaintenanceCover>();
  for (const alert of rows) {
    const about = alertSensors({ ...alert, cause: alert.cause as AlertCause }, sensorsOfStream);
    for (const { event, spanLabel, sensorLabel } of windows) {
      if (event.bridgeId !== alert.bridgeId) continue;
      const covered =
        event.sensorId !== null
          ? about !== null && about.every((id) => id === event.sensorId)
          : alert.severity !== 'Critical' &&
            (event.spanId === null ||
              (about !== null && about.every((id) => spanOfSensor.get(id) === event.spanId)));
      const until = event.outOfServiceUntil;
      const from = event.outOfServiceFrom;
      if (!covered || !until || !from) continue;
      const previous = covers.get(alert.id);
      if (previous && previous.until >= until) continue;
      const what =
        event.sensorId !== null
          ? ` of sensor ${sensorLabel ?? event.sensorId}`
          : event.spanId !== null
            ? ` of span ${spanLabel ?? event.spanId}`
            : '';
      const kind = MAINTENANCE_KIND_LABELS[event.kind as MaintenanceKind];
      covers.set(alert.id, {
        eventId: event.id,
        until,
        note: `Suppressed by maintenance: ${kind}${what}, ${minute(from)} to ${minute(until)} UTC`,
      });
    }
  }
  return covers;
}
