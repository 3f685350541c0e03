// When a strain stream's samples are not counted for fatigue (issue 30, decision 045): its stored
// sensor faults from their onset (decision 048) and its 'Sensor fault' alerts, the times a gauge
// feeding it was faulty or in maintenance by its register's dated history, a sensor re-zero or
// replacement day, works that kept a gauge out of service, and time no calibration vouches for.
import { sql } from 'drizzle-orm';
import { SENSOR_FAULT_ALERT } from '../../domain/sensor-faults.ts';
import { outOfCalibration, type CalibrationSpan } from '../calibration/calibration-ranges.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { statusHistories } from '../repositories/sensor-status-repository.ts';
import { type StatusSpan, UNTRUSTED_STATUSES, untrustedSpans } from './status-periods.ts';

export interface ExcludedWindow {
  from: number;
  to: number;
  why: 'sensor fault' | 'sensor status' | 'maintenance' | 'out of calibration';
  /** A status window from a history's undated first row (status-periods.ts). */
  undated?: true;
}

const DAY_MS = 86_400_000;

/** Windows inside [from, to) whose samples are left out, oldest first (they may overlap). */
export async function excludedWindows(
  db: Db,
  datastreamId: number,
  from: number,
  to: number,
): Promise<ExcludedWindow[]> {
  const sensors = rowsOf<{ id: number }>(
    await db.execute(sql`
      SELECT sensor_id AS id FROM datastream_sensors WHERE datastream_id = ${datastreamId}`),
  );
  const windows: ExcludedWindow[] = await statusWindows(db, datastreamId, from, to);
  const faults = rowsOf<{ raised: number; cleared: number | null }>(
    await db.execute(sql`
      SELECT (extract(epoch FROM raised_at) * 1000)::float8 AS raised,
             (extract(epoch FROM cleared_at) * 1000)::float8 AS cleared
      FROM alerts
      WHERE type = ${SENSOR_FAULT_ALERT} AND subject = ${String(datastreamId)}
        AND raised_at < ${new Date(to).toISOString()}::timestamptz
        AND (cleared_at IS NULL OR cleared_at > ${new Date(from).toISOString()}::timestamptz)`),
  );
  // The stored faults (decision 048): from the onset the analysis estimated, which is in the
  // data's time and usually hours before the alert was raised, to their end or on while in force.
  // A lasting fault (drift, offset, gain) stays in force after its alert clears, until serviced.
  const stored = rowsOf<{ onset: number; ended: number | null }>(
    await db.execute(sql`
      SELECT (extract(epoch FROM onset) * 1000)::float8 AS onset,
             (extract(epoch FROM ended_at) * 1000)::float8 AS ended
      FROM sensor_faults
      WHERE datastream_id = ${datastreamId} AND onset < ${new Date(to).toISOString()}::timestamptz
        AND (ended_at IS NULL OR ended_at > ${new Date(from).toISOString()}::timestamptz)`),
  );
  for (const fault of [
    ...faults.map((f) => ({ start: Number(f.raised), end: f.cleared })),
    ...stored.map((f) => ({ start: Number(f.onset), end: f.ended })),
  ]) {
    windows.push({
      from: Math.max(from, fault.start),
      to: fault.end === null ? to : Math.min(to, Number(fault.end)),
      why: 'sensor fault',
    });
  }
  const ids = sensors.map((s) => Number(s.id));
  if (ids.length === 0) return sortWindows(windows);
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // A re-zero or replacement puts a step into the signal at a time the record does not keep:
  // its whole day is left out, so the step never becomes a stress range.
  const events = rowsOf<{ day: string }>(
    await db.execute(sql`
      SELECT occurred_on::text AS day FROM maintenance_events
      WHERE sensor_id IN (${idList}) AND kind IN ('sensor_rezero', 'sensor_replacement')
        AND occurred_on >= ${new Date(from - DAY_MS).toISOString().slice(0, 10)}::date
        AND occurred_on <= ${new Date(to).toISOString().slice(0, 10)}::date`),
  );
  for (const event of events) {
    const start = Date.parse(`${event.day}T00:00:00Z`);
    if (start < to && start + DAY_MS > from) {
      windows.push({
        from: Math.max(from, start),
        to: Math.min(to, start + DAY_MS),
        why: 'maintenance',
      });
    }
  }
  // Works that kept a gauge out of service (decision 055's window on an event of that gauge):
  // what it recorded meanwhile is not believed, whatever the kind of the works.
  const outOfService = rowsOf<{ from: number; to: number }>(
    await db.execute(sql`
      SELECT (extract(epoch FROM out_of_service_from) * 1000)::float8 AS "from",
             (extract(epoch FROM out_of_service_until) * 1000)::float8 AS "to"
      FROM maintenance_events
      WHERE sensor_id IN (${idList}) AND out_of_service_from IS NOT NULL
        AND out_of_service_from < ${new Date(to).toISOString()}::timestamptz
        AND out_of_service_until > ${new Date(from).toISOString()}::timestamptz`),
  );
  for (const works of outOfService) {
    windows.push({
      from: Math.max(from, Number(works.from)),
      to: Math.min(to, Number(works.to)),
      why: 'maintenance',
    });
  }
  const calibrations = rowsOf<{
    sensor_id: number;
    calibrated_on: string;
    next_due: string | null;
  }>(
    await db.execute(sql`
      SELECT sensor_id, calibrated_on::text AS calibrated_on, next_due::text AS next_due
      FROM sensor_calibrations WHERE sensor_id IN (${idList})`),
  );
  const histories = new Map<number, CalibrationSpan[]>();
  for (const row of calibrations) {
    const list = histories.get(Number(row.sensor_id)) ?? [];
    list.push({ calibratedOn: row.calibrated_on, nextDue: row.next_due });
    histories.set(Number(row.sensor_id), list);
  }
  for (const range of outOfCalibration([...histories.values()], from, to)) {
    windows.push({ ...range, why: 'out of calibration' });
  }
  return sortWindows(windows);
}

const sortWindows = (windows: ExcludedWindow[]) =>
  windows.filter((w) => w.from < w.to).sort((a, b) => a.from - b.from);

/** Whether `t` lies in one of the windows (sorted by start). */
export function isExcluded(windows: readonly ExcludedWindow[], t: number): boolean {
  for (const w of windows) {
    if (w.from > t) return false;
    if (t < w.to) return true;
  }
  return false;
}

/**
 * The day's left-out time as counted, the status windows of an undated history row aside (when
 * that status began is not known, so the days counted before the history was kept keep their
 * count; decision 045, 2026-12-03 (g)): merged spans as milliseconds from midnight, e.g.
 * "34200000-86400000", "" when none. Stored with the day's histogram; the same windows give the
 * same count, so a day whose spans differ now was counted with records that have changed
 * (decision 045, 2026-12-02 (e)).
 */
export function excludedSpansOfDay(windows: readonly ExcludedWindow[], dayStart: number): string {
  const dayEnd = dayStart + DAY_MS;
  const merged: { from: number; to: number }[] = [];
  for (const w of windows) {
    if (w.undated) continue;
    const from = Math.max(w.from, dayStart);
    const to = Math.min(w.to, dayEnd);
    if (from >= to) continue;
    const last = merged.at(-1);
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else merged.push({ from, to });
  }
  return merged.map((m) => `${m.from - dayStart}-${m.to - dayStart}`).join(',');
}

/**
 * The times in [from, to) a gauge feeding the stream was faulty or in maintenance (or in another
 * of `statuses`), by the status in force then.
 */
export async function statusWindows(
  db: Db,
  datastreamId: number,
  from: number,
  to: number,
  statuses: readonly string[] = UNTRUSTED_STATUSES,
): Promise<ExcludedWindow[]> {
  const spans = (await statusSpansOfStreams(db, [datastreamId], from, to, statuses)).get(
    datastreamId,
  );
  return (spans ?? []).map((span) => ({
    from: span.from,
    to: span.to,
    why: 'sensor status' as const,
    ...(span.dated ? {} : { undated: true as const }),
  }));
}

/**
 * Data stream id → the spans of [from, to) in which a gauge feeding it was faulty or in
 * maintenance (or in another of `statuses`) by the status in force then, each sensor's spans in
 * turn (they may overlap); only streams with a span are keys. The histories come from the one
 * reader of them (`statusHistories`, sensor-status-repository.ts), for all the streams' gauges at
 * once. Read by fatigue counting, the limits and the detector's training and scoring alike
 * (decision 045, 2026-12-03 (g), (i) and (j)).
 */
export async function statusSpansOfStreams(
  db: Db,
  datastreamIds: readonly number[],
  from: number,
  to: number,
  statuses: readonly string[] = UNTRUSTED_STATUSES,
): Promise<Map<number, StatusSpan[]>> {
  const spans = new Map<number, StatusSpan[]>();
  if (datastreamIds.length === 0) return spans;
  const feeds = rowsOf<{ datastream_id: number; sensor_id: number }>(
    await db.execute(sql`
      SELECT datastream_id, sensor_id FROM datastream_sensors
      WHERE datastream_id IN (${sql.join(
        datastreamIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      ORDER BY datastream_id, sensor_id`),
  );
  const histories = await statusHistories(
    db,
    feeds.map((f) => Number(f.sensor_id)),
  );
  for (const feed of feeds) {
    const found = untrustedSpans(histories.get(Number(feed.sensor_id)) ?? [], from, to, statuses);
    if (found.length === 0) continue;
    const id = Number(feed.datastream_id);
    spans.set(id, [...(spans.get(id) ?? []), ...found]);
  }
  return spans;
}
