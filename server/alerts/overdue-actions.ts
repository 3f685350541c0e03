import { and, asc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { intArray, rowsOf } from '../db/pg-arrays.ts';
import { alertActions, alerts } from '../db/schema.ts';
import type { Notice } from './alert-audience.ts';
import { actionStepAt, type EscalationPolicy, nextActionStepSeconds } from './escalation-policy.ts';

/**
 * Overdue actions one check claims, as the alert escalation plans 50 looks a poll (decision
 * 065): one read, one claim statement, one plan per channel over at most 50 × recipients rows.
 * More wait for the next check.
 */
export const OVERDUE_ACTIONS_BATCH = 50;

/** An action the check claimed a step of: undone past its due time. */
export interface OverdueAction {
  id: number;
  alertId: number;
  /** Null: the company's administrators own it. */
  ownerGroupId: number | null;
}

/**
 * Who hears of an overdue action first (decision 077): the tier above its owner. A contact
 * group's duty goes up to tier 2 (the company's administrators, and rules' tier-2 groups); the
 * administrators' own duty goes to tier 3 (platform staff).
 */
export const tierAboveOwner = (action: Pick<OverdueAction, 'ownerGroupId'>): number =>
  action.ownerGroupId === null ? 3 : 2;

interface Candidate extends OverdueAction {
  dueAt: Date;
  noticeStep: number;
  escalation: EscalationPolicy | null;
  /** The plan's own reminder interval of the action (minutes); null: the policy's. */
  reminderMinutes: number | null;
}

/**
 * The policy an action's steps follow: its alert's escalation (the company's when it was raised,
 * else the server's), with the action's own reminder interval in place of the alert's when the
 * plan gave it one (decision 077, amended 2026-12-01). Tiers keep the alert's timing.
 */
export function actionPolicy(
  action: Pick<Candidate, 'escalation' | 'reminderMinutes'>,
  defaultPolicy: EscalationPolicy,
): EscalationPolicy {
  const policy = action.escalation ?? defaultPolicy;
  return action.reminderMinutes === null
    ? policy
    : { ...policy, reminderEverySeconds: action.reminderMinutes * 60 };
}

/** One claimed step: its notices and when the action's next step is due (null: none left). */
interface PlannedStep {
  action: Candidate;
  notices: Notice[];
  next: Date | null;
}

/**
 * The notices an action is due at `now` under its alert's policy: each tier reached from the one
 * above its owner (a tier told before adds nothing: the delivery log's and the bell's keys name
 * the tier), and the latest reminder, to its owner and the tiers reached at that reminder's time.
 * Only the latest reminder: after a stop of the server people get one, not each one missed.
 */
function stepOf(action: Candidate, policy: EscalationPolicy, now: Date): PlannedStep {
  const firstTier = tierAboveOwner(action);
  const overdue = (now.getTime() - action.dueAt.getTime()) / 1000;
  const { tier, reminder } = actionStepAt(policy, firstTier, overdue);
  const notices: Notice[] = [];
  for (let reached = firstTier; reached <= tier; reached += 1) {
    notices.push({ alertId: action.alertId, tier: reached, reminder: 0, actionId: action.id });
  }
  // Its first notice is news enough: a check that finds it long past due sends no reminder
  // beside it, and the reminders count on from the due time.
  if (reminder > 0 && action.noticeStep > 0) {
    const at = reminder * policy.reminderEverySeconds;
    notices.push({
      alertId: action.alertId,
      tier: actionStepAt(policy, firstTier, at).tier,
      reminder,
      actionId: action.id,
      owner: { groupId: action.ownerGroupId, firstTier },
    });
  }
  const next = nextActionStepSeconds(policy, firstTier, overdue);
  return {
    action,
    notices,
    next: next === null ? null : new Date(action.dueAt.getTime() + next * 1000),
  };
}

/**
 * Claims the next step of up to `limit` actions past their due time (the first notice) or past
 * their next reminder or tier (`next_notice_at`), not done, of alerts not cleared, and returns
 * the notices of the steps it won. The claim is a compare-and-set on `notice_step` in one
 * UPDATE: of two checks at once, in one process or two, that read the same step, one moves it
 * on and the other's condition no longer holds (PostgreSQL re-reads it on the row the first has
 * just updated), so each step is planned once. An acknowledged alert's actions still escalate:
 * acknowledging says someone has seen the alert, not that the inspection was done.
 */
export async function claimOverdueActions(
  db: Db,
  now: Date,
  defaultPolicy: EscalationPolicy,
  limit: number = OVERDUE_ACTIONS_BATCH,
): Promise<{ claimed: OverdueAction[]; notices: Notice[] }> {
  const firstDue = and(isNull(alertActions.escalatedAt), lte(alertActions.dueAt, now));
  const candidates: Candidate[] = await db
    .select({
      id: alertActions.id,
      alertId: alertActions.alertId,
      ownerGroupId: alertActions.ownerGroupId,
      dueAt: alertActions.dueAt,
      noticeStep: alertActions.noticeStep,
      escalation: alerts.escalation,
      reminderMinutes: alertActions.reminderMinutes,
    })
    .from(alertActions)
    .innerJoin(alerts, eq(alerts.id, alertActions.alertId))
    .where(
      and(
        isNull(alertActions.doneAt),
        ne(alerts.state, 'cleared'),
        or(firstDue, lte(alertActions.nextNoticeAt, now)),
      ),
    )
    .orderBy(asc(sql`coalesce(${alertActions.nextNoticeAt}, ${alertActions.dueAt})`))
    .limit(limit);
  if (candidates.length === 0) return { claimed: [], notices: [] };
  const steps = candidates.map((action) =>
    stepOf(action, actionPolicy(action, defaultPolicy), now),
  );
  const nextTimes = `{${steps.map((step) => (step.next ? `"${step.next.toISOString()}"` : 'NULL')).join(',')}}`;
  const won = rowsOf<{ id: number }>(
    await db.execute(sql`
      update alert_actions a
      set notice_step = a.notice_step + 1,
          escalated_at = coalesce(a.escalated_at, ${now.toISOString()}::timestamptz),
          next_notice_at = v.next
      from unnest(${intArray(steps.map((step) => step.action.id))}::int[],
                  ${intArray(steps.map((step) => step.action.noticeStep))}::int[],
                  ${nextTimes}::timestamptz[]) as v(id, step, next)
      where a.id = v.id and a.notice_step = v.step and a.done_at is null
      returning a.id`),
  );
  const wonIds = new Set(won.map((row) => Number(row.id)));
  const claimed = steps.filter((step) => wonIds.has(step.action.id));
  return {
    claimed: claimed.map(({ action }) => ({
      id: action.id,
      alertId: action.alertId,
      ownerGroupId: action.ownerGroupId,
    })),
    notices: claimed.flatMap((step) => step.notices),
  };
}
