import { and, eq, exists, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  alerts,
  bridges,
  notificationSettings,
  notifications,
  userBridges,
  users,
} from '../db/schema.ts';
import { activeAlertsRaisedBy } from './escalation.ts';
import { type EscalationPolicy, stepAt } from './escalation-policy.ts';

export type NotificationKind = 'raised' | 'escalated' | 'cleared';

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
 * The bell's news (issue 32): one row per user who may see the alert's bridge. Written in the
 * same call that raises, so nobody polls for work; the unique key (user, alert, kind, tier) makes
 * a second write of the same news add nothing, so any process may run the escalation pass.
 */
export function createInAppNotifications(db: Db, policy: EscalationPolicy) {
  /** Writes one piece of news of these alerts for everyone who may see their bridges. */
  const tell = async (alertIds: readonly number[], kind: NotificationKind, tier = 1) => {
    if (alertIds.length === 0) return;
    const told = await db
      .select({ userId: users.id, alertId: alerts.id })
      .from(alerts)
      .innerJoin(bridges, eq(bridges.id, alerts.bridgeId))
      .innerJoin(users, mayBeTold)
      .where(and(inArray(alerts.id, [...alertIds]), wantsInApp));
    if (told.length === 0) return;
    await db
      .insert(notifications)
      .values(told.map((row) => ({ ...row, kind, tier })))
      .onConflictDoNothing();
  };

  return {
    raised: (alertIds: readonly number[]) => tell(alertIds, 'raised'),

    /**
     * Tells of each active alert that has reached tier 2 or 3 by `now` (escalation-policy.ts),
     * once per tier. Stateless like the email escalation: late or repeated passes are harmless.
     */
    async escalate(now: Date): Promise<void> {
      const first = policy.tier2AfterSeconds || policy.tier3AfterSeconds;
      if (first <= 0) return;
      const due = await activeAlertsRaisedBy(db, new Date(now.getTime() - first * 1000));
      const byTier = new Map<number, number[]>();
      for (const alert of due) {
        const { tier } = stepAt(policy, (now.getTime() - alert.raisedAt.getTime()) / 1000);
        for (let reached = 2; reached <= tier; reached += 1) {
          byTier.set(reached, [...(byTier.get(reached) ?? []), alert.id]);
        }
      }
      for (const [tier, ids] of byTier) await tell(ids, 'escalated', tier);
    },
  };
}

export type InAppNotifications = ReturnType<typeof createInAppNotifications>;
