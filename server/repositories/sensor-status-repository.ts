import { asc, desc, eq, sql } from 'drizzle-orm';
import type { SensorStatus } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { sensorStatusChanges, sensors } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

export type SensorStatusChangeRow = typeof sensorStatusChanges.$inferSelect;

/** Who made a change when no API request named its actor (a script, a test). */
export const UNNAMED_CHANGER = 'Recorded without a named user';

/**
 * A sensor's register status over time (issue 30, decision 045, 2026-12-03 (g)). The sensor's
 * `status` is kept equal to its latest change, so every reader of the current status is unchanged.
 */
export function createSensorStatusRepository(db: Db) {
  return {
    list(sensorId: number): Promise<SensorStatusChangeRow[]> {
      return db
        .select()
        .from(sensorStatusChanges)
        .where(eq(sensorStatusChanges.sensorId, sensorId))
        .orderBy(asc(sensorStatusChanges.effectiveAt), asc(sensorStatusChanges.id));
    },

    /**
     * Records `status` from `effectiveAt` and makes it the sensor's. Refused (400) before the
     * last change, which would rewrite a period another change already describes, or when it is
     * the status already in force. The changer is the request's audited actor.
     */
    async change(values: {
      sensorId: number;
      status: SensorStatus;
      effectiveAt: Date;
      note: string | null;
    }): Promise<SensorStatusChangeRow> {
      // Serialised per sensor: two changes posted at once would each judge itself against the
      // same last change and both be recorded (two 'maintenance' in a row, or one before a
      // change recorded meanwhile). The sensor's row is locked until the transaction ends, so
      // the second reads the first's row (issue 30). Inside a request this is a savepoint of
      // its transaction, so the lock lasts until the request's commit.
      return db.transaction(async (tx) => {
        await tx
          .select({ id: sensors.id })
          .from(sensors)
          .where(eq(sensors.id, values.sensorId))
          .for('update');
        const [latest] = await tx
          .select()
          .from(sensorStatusChanges)
          .where(eq(sensorStatusChanges.sensorId, values.sensorId))
          .orderBy(desc(sensorStatusChanges.effectiveAt), desc(sensorStatusChanges.id))
          .limit(1);
        if (latest && values.effectiveAt < latest.effectiveAt) {
          throw new HttpError(
            400,
            `effective_at: must not be before the sensor's last status change (${latest.effectiveAt.toISOString()})`,
          );
        }
        if (latest && latest.status === values.status) {
          throw new HttpError(400, `status: the sensor is already '${values.status}'`);
        }
        const [row] = await tx
          .insert(sensorStatusChanges)
          .values({
            sensorId: values.sensorId,
            status: values.status,
            effectiveAt: values.effectiveAt,
            note: values.note,
            changedBy: sql`coalesce(nullif(current_setting('spanwatch.audit_actor', true), ''), ${UNNAMED_CHANGER})`,
          })
          .returning();
        if (!row) throw new Error('insert into sensor_status_changes returned no row');
        await tx
          .update(sensors)
          .set({ status: values.status })
          .where(eq(sensors.id, values.sensorId));
        return row;
      });
    },
  };
}

export type SensorStatusRepository = ReturnType<typeof createSensorStatusRepository>;
