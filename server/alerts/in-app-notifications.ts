import { and, eq, exists, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  alerts,
  bridges,
  maintenanceEvents,
  notificationSettings,
  notifications,
  userBridges,
  users,
} from '../db/schema.ts';
import { activeAlertsRaisedBy, firstLookSeconds } from './escalation.ts';
import { maintenanceCovers } from './maintenance-cover.ts';
import type { Notice } from './alert-audience.ts';
import { toldOf } from './told-people.ts';
import { type EscalationPolicy, stepAt } from './escalation-policy.ts';

export type NotificationKind = 'raised' | 'escalated' | 'cleared' | 'action_overdue';

/**
 * Who may see a bridge, as `visibility.ts` reads it, with companies respected (decision 040):
 * platform staff, the administrators of the bridge's company, and the users assigned the bridge
 * who belong to its company (an assignment across companies tells no one).
 */
const mayBeTold = or(
  eq(users.isStaff, true),
  and(
    eq(users.companyId, bridges.companyId),
    or(
      eq(users.isCompanyAdmin, true),
      exists(
        sql`(select 1 from ${userBridges} where ${userBridges.userId} = ${users.id} and ${userBridges.bridgeId} = ${bridges.id})`,
      ),
    ),
  ),
);

/** Everyone but those who turned the in-app channel off (decision 050; no row: on). */
const wantsInApp = sql`not exists (select 1 from ${notificationSettings} where ${notificationSettings.userId} = ${users.id} and not ${notificationSettings.inApp})`;

/**
 * The bell's news (issue 32): one row per user who may see the alert's bridge, and per user the
 * same notice tells by email or text (decision 080, amended 2026-12-02: a contact group's member
 * or the person on call, of the alert's company, assigned the bridge or not). Written in the
 * same call that raises, so nobody polls for work; the unique key (user, alert, kind, tier) makes
 * a second write of the same news add nothing, so any process may run the escalation pass.
 */
export function createInAppNotifications(db: Db, policy: EscalationPolicy) {
  /** Each (user, alert) of these alerts' bridges whose user may be told and wants the bell. */
  const seeing = (alertIds: readonly number[]) =>
    db
      .select({ userId: users.id, alertId: alerts.id })
      .from(alerts)
      .innerJoin(bridges, eq(bridges.id, alerts.bridgeId))
      .innerJoin(users, mayBeTold)
      .where(and(inArray(alerts.id, [...alertIds]), wantsInApp));

  /**
   * Those who see the bridges, and those these notices tell on any channel who want the bell
   * (their own in-app choice, as for everyone), each (user, alert) once.
   */
  const toTell = async (alertIds: readonly number[], notices: readonly Notice[], now: Date) => {
    const told = (await toldOf(db, notices, now)).filter((row) => row.inApp);
    return once([...(await seeing(alertIds)), ...told]);
  };

  /** Writes one piece of news of these alerts for everyone it tells (see above). */
  const tell = async (
    alertIds: readonly number[],
    kind: NotificationKind,
    tier: number,
    now: Date,
  ) => {
    if (alertIds.length === 0) return;
    const notices = alertIds.map((alertId) => ({ alertId, tier, reminder: 0 }));
    const told = await toTell(alertIds, notices, now);
    if (told.length === 0) return;
    await db
      .insert(notifications)
      .values(told.map((row) => ({ ...row, kind, tier })))
      .onConflictDoNothing();
  };

  /**
   * An escalation to `tier` is news for that tier's people (their own new, unread line) and for
   * anyone who may see the bridge and has no line of the alert yet. Whoever was told before (the
   * tier-1 operator, a manager told at the raise) has their lines of it updated instead: the
   * alert went higher, unanswered, which they should see, but it is not a new call on them, so
   * their unread count does not grow and a line they read stays read (decision 080, (c)).
   */
  const escalateTo = async (alertIds: readonly number[], tier: number, now: Date) => {
    if (alertIds.length === 0) return;
    const notices = alertIds.map((alertId) => ({ alertId, tier, reminder: 0 }));
    const ofTier = (await toldOf(db, notices, now)).filter((row) => row.inApp);
    const seen = await seeing(alertIds);
    const hasLine = new Set(
      (
        await db
          .selectDistinct({ userId: notifications.userId, alertId: notifications.alertId })
          .from(notifications)
          .where(and(inArray(notifications.alertId, [...alertIds]), isNull(notifications.actionId)))
      ).map((row) => `${row.userId}:${row.alertId}`),
    );
    const news = once([
      ...ofTier,
      ...seen.filter((row) => !hasLine.has(`${row.userId}:${row.alertId}`)),
    ]);
    if (news.length > 0) {
      await db
        .insert(notifications)
        .values(news.map((row) => ({ ...row, kind: 'escalated', tier })))
        .onConflictDoNothing();
    }
    for (const alertId of alertIds) {
      const userIds = once([...ofTier, ...seen])
        .filter((row) => row.alertId === alertId)
        .map((row) => row.userId);
      if (userIds.length === 0) continue;
      await db
        .update(notifications)
        .set({ escalatedTier: tier, escalatedAt: now })
        .where(
          and(
            eq(notifications.alertId, alertId),
            inArray(notifications.userId, userIds),
            isNull(notifications.actionId),
            lt(notifications.tier, tier),
            or(isNull(notifications.escalatedTier), lt(notifications.escalatedTier, tier)),
          ),
        );
    }
  };

  /** These alerts less those a maintenance window covers at `at` (decision 055). */
  const uncovered = async (alertIds: readonly number[], at: Date) => {
    const covers = await maintenanceCovers(db, alertIds, at);
    return alertIds.filter((id) => !covers.has(id));
  };

  /**
   * The news of alerts raised under a maintenance window that has since ended while they stay
   * active: told now, as their held emails are sent now.
   */
  const afterMaintenance = async (now: Date) => {
    const untold = await db
      .select({ id: alerts.id, raisedAt: alerts.raisedAt })
      .from(alerts)
      .where(
        and(
          eq(alerts.state, 'active'),
          sql`not exists (select 1 from ${notifications} where ${notifications.alertId} = ${alerts.id})`,
          // Only alerts of a bridge with a window over their raise that has ended.
          sql`exists (select 1 from ${maintenanceEvents} where ${maintenanceEvents.bridgeId} = ${alerts.bridgeId} and ${maintenanceEvents.outOfServiceFrom} <= ${alerts.raisedAt} and ${maintenanceEvents.outOfServiceUntil} > ${alerts.raisedAt} and ${maintenanceEvents.outOfServiceUntil} <= ${now})`,
        ),
      );
    const due: number[] = [];
    for (const alert of untold) {
      const wasCovered = (await maintenanceCovers(db, [alert.id], alert.raisedAt)).size > 0;
      if (wasCovered && (await uncovered([alert.id], now)).length > 0) due.push(alert.id);
    }
    await tell(due, 'raised', 1, now);
  };

  return {
    /**
     * Tells everyone who may see the alert's bridge, and whom the notice tells by email or
     * text, of each overdue action, at each tier it reaches (decision 077); the key (user,
     * action, tier) makes a repeat add nothing. Its reminders are emails and texts: the bell's
     * line stays until read, and more lines of the same duty would bury the others.
     */
    async actionsOverdue(notices: readonly Notice[], now: Date = new Date()): Promise<void> {
      const overdue = notices.flatMap((notice) =>
        notice.actionId === undefined || notice.reminder > 0
          ? []
          : [{ ...notice, actionId: notice.actionId }],
      );
      if (overdue.length === 0) return;
      const alertIds = [...new Set(overdue.map((notice) => notice.alertId))];
      const seen = await seeing(alertIds);
      const told = (await toldOf(db, overdue, now)).filter((row) => row.inApp);
      const values = overdue.flatMap((notice) =>
        once([
          ...seen.filter((row) => row.alertId === notice.alertId),
          ...told.filter((row) => row.actionId === notice.actionId),
        ]).map((row) => ({
          ...row,
          kind: 'action_overdue' as const,
          tier: notice.tier,
          actionId: notice.actionId,
        })),
      );
      if (values.length > 0) await db.insert(notifications).values(values).onConflictDoNothing();
    },

    raised: async (alertIds: readonly number[], now: Date = new Date()) =>
      tell(await uncovered(alertIds, now), 'raised', 1, now),

    /**
     * Tells of each active alert that has reached tier 2 or 3 by `now` on its own kept policy
     * (escalation-policy.ts; the default when it kept none), once per tier, unless a maintenance
     * window covers it now; first, the raise of alerts whose window ended. Stateless like the
     * email escalation: late or repeated passes are harmless.
     */
    async escalate(now: Date): Promise<void> {
      await afterMaintenance(now);
      const due = await activeAlertsRaisedBy(
        db,
        new Date(now.getTime() - firstLookSeconds(policy) * 1000),
      );
      const byTier = new Map<number, number[]>();
      for (const alert of due) {
        // The alert's own company's delays, kept from its raise (decision 069), as its emails.
        const kept = alert.escalation ?? policy;
        const { tier } = stepAt(kept, (now.getTime() - alert.raisedAt.getTime()) / 1000);
        for (let reached = 2; reached <= tier; reached += 1) {
          byTier.set(reached, [...(byTier.get(reached) ?? []), alert.id]);
        }
      }
      // Tier 2 before tier 3, so a line updated to 3 is never taken back to 2.
      for (const [tier, ids] of [...byTier].sort(([a], [b]) => a - b)) {
        await escalateTo(await uncovered(ids, now), tier, now);
      }
    },
  };
}

/** Each (user, alert) once. */
function once(rows: readonly { userId: number; alertId: number }[]) {
  const seen = new Set<string>();
  return rows
    .map(({ userId, alertId }) => ({ userId, alertId }))
    .filter((row) => {
      const key = `${row.userId}:${row.alertId}`;
      return !seen.has(key) && seen.add(key);
    });
}

export type InAppNotifications = ReturnType<typeof createInAppNotifications>;
