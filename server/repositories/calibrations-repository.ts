import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { datastreamSensors, sensorCalibrations, sensors } from '../db/schema.ts';
import {
  type CalibrationSpan,
  type MsRange,
  outOfCalibration,
} from '../calibration/calibration-ranges.ts';

export type CalibrationRow = typeof sensorCalibrations.$inferSelect;
export type NewCalibration = Omit<typeof sensorCalibrations.$inferInsert, 'id' | 'createdAt'>;

/** Who recorded the first entry when it came from the sensor's own calibration dates. */
export const FROM_SENSOR_DATES = 'Recorded on the sensor';

export function createCalibrationsRepository(db: Db) {
  return {
    list(sensorId: number): Promise<CalibrationRow[]> {
      return db
        .select()
        .from(sensorCalibrations)
        .where(eq(sensorCalibrations.sensorId, sensorId))
        .orderBy(asc(sensorCalibrations.calibratedOn), asc(sensorCalibrations.id));
    },

    /** Adds an entry; the sensor's last/next calibration dates follow its newest entry. */
    async add(values: NewCalibration): Promise<CalibrationRow> {
      const [row] = await db.insert(sensorCalibrations).values(values).returning();
      if (!row) throw new Error('insert into sensor_calibrations returned no row');
      const [newest] = await db
        .select()
        .from(sensorCalibrations)
        .where(eq(sensorCalibrations.sensorId, values.sensorId))
        .orderBy(desc(sensorCalibrations.calibratedOn), desc(sensorCalibrations.id))
        .limit(1);
      if (newest) {
        await db
          .update(sensors)
          .set({ lastCalibrationDate: newest.calibratedOn, nextCalibrationDate: newest.nextDue })
          .where(eq(sensors.id, values.sensorId));
      }
      return row;
    },

    /** Where in [from, to) a sensor feeding the data stream was out of calibration. */
    async outOfCalibrationOfStream(
      datastreamId: number,
      from: number,
      to: number,
    ): Promise<MsRange[]> {
      const linked = await db
        .select({ sensorId: datastreamSensors.sensorId })
        .from(datastreamSensors)
        .where(eq(datastreamSensors.datastreamId, datastreamId));
      if (linked.length === 0) return [];
      const rows = await db
        .select()
        .from(sensorCalibrations)
        .where(
          inArray(
            sensorCalibrations.sensorId,
            linked.map((l) => l.sensorId),
          ),
        );
      const histories = new Map<number, CalibrationSpan[]>();
      for (const row of rows) {
        const list = histories.get(row.sensorId) ?? [];
        list.push(row);
        histories.set(row.sensorId, list);
      }
      return outOfCalibration([...histories.values()], from, to);
    },
  };
}

export type CalibrationsRepository = ReturnType<typeof createCalibrationsRepository>;
