import { INSPECTION_KIND_LABELS } from '../../domain/inspection-regimes.ts';
import type { Db } from '../db/client.ts';
import { scheduleOf } from '../inspections/inspection-schedule.ts';
import type { InspectionsRepository } from '../inspections/inspections-repository.ts';
import { type RaisedAlert, syncAlerts } from './alert-store.ts';
import { dayInWords } from './day-in-words.ts';

export const INSPECTION_DUE_ALERT = 'Inspection due';
export const INSPECTION_OVERDUE_ALERT = 'Inspection overdue';

/** The alert check reads every bridge, as staff would. */
const EVERY_BRIDGE = { id: 0, isStaff: true };

/**
 * Per bridge and inspection kind: 'Inspection due' (Medium) from the programme's lead days
 * before the next due date, 'Inspection overdue' (High) after it. Each clears once a newer
 * inspection of that kind moves the due date out of reach; the due alert clears when the
 * overdue one takes over.
 */
export async function checkInspectionsDue(
  db: Db,
  inspections: Pick<InspectionsRepository, 'schedulePlans'>,
  now: Date,
): Promise<number[]> {
  const today = now.toISOString().slice(0, 10);
  // Read before the transaction: under READ COMMITTED it would see the same rows.
  const plans = await inspections.schedulePlans(EVERY_BRIDGE);
  return db.transaction(async (tx) => {
    const firing: RaisedAlert[] = plans
      .flatMap((plan) => scheduleOf(plan, today))
      .filter((entry) => entry.status !== 'scheduled')
      .map((entry) => {
        const overdue = entry.status === 'overdue';
        const what = `${INSPECTION_KIND_LABELS[entry.kind]} inspection`;
        const why = entry.shortened ? ` (interval shortened: condition ${entry.condition})` : '';
        const day = dayInWords(entry.nextDue);
        return {
          bridgeId: entry.bridgeId,
          type: overdue ? INSPECTION_OVERDUE_ALERT : INSPECTION_DUE_ALERT,
          subject: entry.kind,
          severity: overdue ? 'High' : 'Medium',
          message: overdue
            ? `${what} is overdue since ${day}${why}`
            : `${what} is due on ${day}${why}`,
          cause: { windows: [], datastreams: [] },
        };
      });
    const types = [INSPECTION_DUE_ALERT, INSPECTION_OVERDUE_ALERT];
    const { raised } = await syncAlerts(tx, firing, { types }, now);
    return raised;
  });
}
