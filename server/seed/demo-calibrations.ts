import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sensorCalibrations, sensors } from '../db/schema.ts';

const LAB = 'Northern Metrology Ltd';
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * Three yearly calibrations per demo sensor, the last matching the sensor's dates; the first
 * sensor's newest one falls due in two weeks, so the register and its alert show a due one.
 * Only the demo's own sensors: a database that already holds real ones keeps their registers as
 * they are (before, every sensor got the demo's history, and 20,000 of them overflowed one insert).
 */
export async function seedDemoCalibrations(
  tx: Db,
  demoSensorIds: readonly number[],
  now = Date.now(),
): Promise<void> {
  if (demoSensorIds.length === 0) return;
  const rows = await tx
    .select()
    .from(sensors)
    .where(inArray(sensors.id, [...demoSensorIds]))
    .orderBy(asc(sensors.id));
  const entries: (typeof sensorCalibrations.$inferInsert)[] = [];
  rows.forEach((sensor, i) => {
    const history = [
      { on: '2024-05-15', next: '2025-05-15' },
      { on: '2025-05-01', next: '2026-05-01' },
      i === 0
        ? { on: dayOf(now - 351 * DAY_MS), next: dayOf(now + 14 * DAY_MS) }
        : { on: sensor.lastCalibrationDate ?? '2026-05-01', next: sensor.nextCalibrationDate },
    ];
    history.forEach((entry, n) =>
      entries.push({
        sensorId: sensor.id,
        calibratedOn: entry.on,
        calibratedBy: n === 0 ? 'Installer' : LAB,
        certificate: `NM-${sensor.id}-${entry.on.slice(0, 4)}`,
        gaugeFactor: sensor.type === 'strain_gauge' ? 2.1 + n * 0.01 : null,
        sensitivity: sensor.type === 'accelerometer' ? 1000 - n : null,
        offset: 0,
        nextDue: entry.next ?? null,
      }),
    );
  });
  if (entries.length > 0) await tx.insert(sensorCalibrations).values(entries);
  const first = rows[0];
  if (first) {
    await tx
      .update(sensors)
      .set({
        lastCalibrationDate: dayOf(now - 351 * DAY_MS),
        nextCalibrationDate: dayOf(now + 14 * DAY_MS),
      })
      .where(eq(sensors.id, first.id));
  }
}
