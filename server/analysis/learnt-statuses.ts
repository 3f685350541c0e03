// A register status change entered after the model was trained, for a time inside its
// reference (issue 30, decision 045, 2026-12-03 (j)): the training read those windows by the
// statuses it knew then, so the model may have learnt a gauge out of service or being worked
// on. As a fault found late does (learnt-faults.ts), it asks for one retraining.
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { sensorStatusLabel } from '../../domain/enums.ts';
import type { Db } from '../db/client.ts';
import { sensors, sensorStatusChanges } from '../db/schema.ts';
import { LATE_ITEMS_NAMED, type LateEvidenceReader, namedAtMost } from './late-evidence.ts';

export interface LearntStatusChange {
  sensorLabel: string;
  status: string;
  effectiveAt: Date;
}

/** The oldest of the late changes (at most LATE_ITEMS_NAMED) and how many there are in all. */
export interface LearntStatusChanges {
  oldest: LearntStatusChange[];
  total: number;
}

/**
 * The bridge's status changes recorded after `latestTrainedAt` that took effect before
 * `baselineEnd`: the oldest few and their count, in one query (a register rewritten in bulk
 * may hold hundreds, only a few are named). A history's first row (the status a sensor was
 * created with) is no change. Once a training has run after the change was recorded it is no
 * longer listed, so it asks for one retraining, not one per evaluation.
 */
export async function statusChangesLearntByModel(
  db: Db,
  bridgeId: number,
  baselineEnd: Date,
  latestTrainedAt: Date,
): Promise<LearntStatusChanges> {
  const rows = await db
    .select({
      sensorLabel: sensors.label,
      status: sensorStatusChanges.status,
      effectiveAt: sensorStatusChanges.effectiveAt,
      // Counted before LIMIT applies, so the total is every match, not the rows returned.
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(sensorStatusChanges)
    .innerJoin(sensors, eq(sensors.id, sensorStatusChanges.sensorId))
    .where(
      and(
        eq(sensors.bridgeId, bridgeId),
        gt(sensorStatusChanges.recordedAt, latestTrainedAt),
        lt(sensorStatusChanges.effectiveAt, baselineEnd),
        sql`${sensorStatusChanges.id} > (SELECT min(first.id) FROM sensor_status_changes first
              WHERE first.sensor_id = ${sensorStatusChanges.sensorId})`,
      ),
    )
    .orderBy(asc(sensorStatusChanges.effectiveAt), asc(sensorStatusChanges.id))
    .limit(LATE_ITEMS_NAMED);
  return {
    oldest: rows.map(({ total: _total, ...change }) => change),
    total: rows[0]?.total ?? 0,
  };
}

/** The retraining's cause, as the reference version states it; names at most a few changes. */
export function learntStatusesWords(changes: LearntStatusChanges): string {
  const listed = namedAtMost(
    changes.oldest.map(
      (c) =>
        `${c.sensorLabel}: ${sensorStatusLabel(c.status)} from ` +
        `${c.effectiveAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    ),
    changes.total,
  );
  return (
    `Retrained because a sensor's register status was changed for a time inside the previous ` +
    `model's reference after it was trained (${listed}); this training reads each stream by the ` +
    `status in force then.`
  );
}

/** The late-evidence reader of register status changes: one query. */
export const learntStatuses: LateEvidenceReader = async ({ db, bridgeId, ...scope }) => {
  const changes = await statusChangesLearntByModel(
    db,
    bridgeId,
    scope.baselineEnd,
    scope.trainedAt,
  );
  return changes.total > 0 ? { count: changes.total, words: learntStatusesWords(changes) } : null;
};
