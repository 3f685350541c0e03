import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/pg-arrays.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import { dayInWords } from './day-in-words.ts';
import { addDays } from '../../domain/local-time.ts';

export const CALIBRATION_DUE_ALERT = 'Calibration due';
/** Days before a calibration's due date that its alert is raised (docs/audit-and-calibration.md) */
export const DEFAULT_CALIBRATION_LEAD_DAYS = 30;

interface DueSensor {
  sensor_id: number;
  bridge_id: number;
  label: string;
  next_due: string;
}

/**
 * Raises one 'Calibration due' alert per sensor whose newest calibration falls due within
 * `leadDays` (Medium) or is past due (High: the rise makes an acknowledged alert active again),
 * and clears it once a newer calibration is recorded.
 */
export async function checkCalibrationsDue(
  db: Db,
  now: Date,
  leadDays = DEFAULT_CALIBRATION_LEAD_DAYS,
): Promise<number[]> {
  const today = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const due = rowsOf<DueSensor>(
      await tx.execute(sql`
        SELECT DISTINCT ON (c.sensor_id) c.sensor_id, s.bridge_id, s.label, c.next_due::text AS next_due
          FROM sensor_calibrations c JOIN sensors s ON s.id = c.sensor_id
         ORDER BY c.sensor_id, c.calibrated_on DESC, c.id DESC`),
    ).filter((row) => row.next_due !== null && row.next_due <= addDays(today, leadDays));
    const firing: RaisedAlert[] = due.map((row) => {
      const overdue = row.next_due < today;
      const day = dayInWords(row.next_due);
      return {
        bridgeId: Number(row.bridge_id),
        type: CALIBRATION_DUE_ALERT,
        subject: String(row.sensor_id),
        severity: overdue ? 'High' : 'Medium',
        message: overdue
          ? `Calibration of sensor ${row.label} is overdue since ${day}`
          : `Calibration of sensor ${row.label} is due on ${day}`,
        cause: { windows: [], datastreams: [] },
      };
    });
    const { raised } = await syncAlerts(tx, firing, { types: [CALIBRATION_DUE_ALERT] }, now);
    return raised;
  });
}
