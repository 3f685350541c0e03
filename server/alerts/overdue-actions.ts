import { and, asc, eq, inArray, isNull, lte, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertActions, alerts } from '../db/schema.ts';
import type { Notice } from './alert-deliveries.ts';

/**
 * Overdue actions one check claims, as the alert escalation plans 50 looks a poll (decision
 * 065): one claim statement, one plan per channel over at most 50 × recipients rows. More wait
 * for the next check.
 */
export const OVERDUE_ACTIONS_BATCH = 50;

/** An action the check claimed: undone past its due time, now marked escalated. */
export interface OverdueAction {
  id: number;
  alertId: number;
  /** Null: the company's administrators own it. */
  ownerGroupId: number | null;
}

/**
 * Who hears of an overdue action (decision 077): the tier above its owner. A contact group's
 * duty goes up to tier 2 (the company's administrators, and rules' tier-2 groups); the
 * administrators' own duty goes to tier 3 (platform staff).
 */
export const tierAboveOwner = (action: OverdueAction): number =>
  action.ownerGroupId === null ? 3 : 2;

/** The notice of each claimed action, for the delivery log and the bell. */
export const noticesOfOverdue = (claimed: readonly OverdueAction[]): Notice[] =>
  claimed.map((action) => ({
    alertId: action.alertId,
    tier: tierAboveOwner(action),
    reminder: 0,
    actionId: action.id,
  }));

/**
 * Claims up to `limit` actions past their due time, not done and never escalated, of alerts
 * not cleared, by setting `escalated_at` in the statement that finds them: two checks, in one
 * process or two, never both get one. The outer condition is checked again on the row a
 * concurrent claim has just updated (PostgreSQL re-reads it after the lock), and SKIP LOCKED lets
 * a second check take the next rows instead of waiting. An acknowledged alert's actions still
 * escalate: acknowledging says someone has seen the alert, not that the inspection was done. A
 * cleared alert's do not: its cause is gone.
 */
export async function claimOverdueActions(
  db: Db,
  now: Date,
  limit: number = OVERDUE_ACTIONS_BATCH,
): Promise<OverdueAction[]> {
  const undone = and(isNull(alertActions.doneAt), isNull(alertActions.escalatedAt));
  const due = db
    .select({ id: alertActions.id })
    .from(alertActions)
    .innerJoin(alerts, eq(alerts.id, alertActions.alertId))
    .where(and(undone, lte(alertActions.dueAt, now), ne(alerts.state, 'cleared')))
    .orderBy(asc(alertActions.dueAt), asc(alertActions.id))
    .limit(limit)
    .for('update', { of: alertActions, skipLocked: true });
  return db
    .update(alertActions)
    .set({ escalatedAt: now })
    .where(and(inArray(alertActions.id, due), undone))
    .returning({
      id: alertActions.id,
      alertId: alertActions.alertId,
      ownerGroupId: alertActions.ownerGroupId,
    });
}
