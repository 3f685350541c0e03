import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SensorStatus } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { sensorStatusChanges, sensors } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';

export type SensorStatusChangeRow = typeof sensorStatusChanges.$inferSelect;

/** One entry of a sensor's dated status history. */
export interface StatusChange {
  status: string;
  /** Epoch ms it took effect. */
  effectiveAt: number;
  /** False for a history's first row written from a status whose start is not known (0073). */
  dated: boolean;
}

/**
 * A history's order, oldest first: by the time each change took effect, then by the order they
 * were recorded (two changes may take effect at the same instant). Every reader of a history
 * reads it in this order, so it is stated once.
 */
const OLDEST_FIRST = [asc(sensorStatusChanges.effectiveAt), asc(sensorStatusChanges.id)];

/**
 * Sensor id → its dated status history, oldest first, for each of `sensorIds` that has one, in
 * one query. A history is a few rows changed by hand, so all of it is read. Shared by the
 * monthly report, fatigue counting, the limits and the detector (decision 045, 2026-12-03 (j)),
 * so "the status in force at a time" is read one way everywhere; a plain function, as those
 * read with the database link they are given (the analysis and report threads have their own).
 */
export async function statusHistories(
  db: Db,
  sensorIds: readonly number[],
): Promise<Map<number, StatusChange[]>> {
  const histories = new Map<number, StatusChange[]>();
  if (sensorIds.length === 0) return histories;
  const rows = await db
    .select({
      sensorId: sensorStatusChanges.sensorId,
      status: sensorStatusChanges.status,
      effectiveAt: sensorStatusChanges.effectiveAt,
      dated: sensorStatusChanges.dated,
    })
    .from(sensorStatusChanges)
    .where(inArray(sensorStatusChanges.sensorId, [...new Set(sensorIds)]))
    .orderBy(...OLDEST_FIRST);
  for (const row of rows) {
    const list = histories.get(row.sensorId) ?? [];
    list.push({ status: row.status, effectiveAt: row.effectiveAt.getTime(), dated: row.dated });
    histories.set(row.sensorId, list);
  }
  return histories;
}

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
        .orderBy(...OLDEST_FIRST);
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
