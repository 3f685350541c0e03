import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  alerts,
  bridges,
  contactGroupMembers,
  notificationSettings,
  userBridges,
  users,
} from '../db/schema.ts';
import { type ActionOwner, toldOfAction } from './action-notice-recipients.ts';
import { routingOf } from '../repositories/contact-groups-repository.ts';
import { onCallNow } from '../repositories/rotas-repository.ts';
import type { NotificationChannel } from './alert-email.ts';
import { SMS_SEVERITIES } from './alert-sms.ts';
import { tiersOf, withRouted } from './escalation-tiers.ts';
import { routedFor } from './routed-recipients.ts';

/**
 * Who an alert's notices reach (issue 32), read once for both readers of it: the delivery log's
 * plan (alert-deliveries.ts), which addresses each person on one channel, and the bell's
 * `toldOf` (told-people.ts), which asks who is told on any channel. One reading, so the two
 * can never disagree.
 */

/** One notice of one alert: a tier's first notice (reminder 0) or the n-th reminder. */
export interface Notice {
  alertId: number;
  /** The tier told; for a reminder, the highest tier reached (every tier up to it is told). */
  tier: number;
  reminder: number;
  /** Set for the notice of an overdue action of the alert (decision 077). */
  actionId?: number;
  /** An overdue action's reminder: its owner, who is reminded too. */
  owner?: ActionOwner;
}

/** An alert's bridge and company, as the delivery log and the bell read them. */
export interface AlertBridge {
  id: number;
  bridgeId: number;
  companyId: number;
  type: string;
  severity: string;
}

/** These alerts with their bridges and companies. */
export function alertBridges(db: Db, alertIds: number[]): Promise<AlertBridge[]> {
  return db
    .select({
      id: alerts.id,
      bridgeId: alerts.bridgeId,
      type: alerts.type,
      severity: alerts.severity,
      companyId: bridges.companyId,
    })
    .from(alerts)
    .innerJoin(bridges, eq(bridges.id, alerts.bridgeId))
    .where(inArray(alerts.id, alertIds));
}

/**
 * The people one notice tells, per tier: an overdue action's (action-notice-recipients.ts), a
 * reminder's (every tier reached so far) or a tier's first notice (that tier's people).
 */
export function toldBy<P extends { id: number }>(
  notice: Notice,
  who: { tiersFor: (bridge: AlertBridge) => P[][]; ownersOf: (n: Notice, c: number) => P[] },
  bridge: AlertBridge,
) {
  const tiers = who.tiersFor(bridge);
  if (notice.actionId !== undefined) {
    return toldOfAction(tiers, notice, who.ownersOf(notice, bridge.companyId));
  }
  return notice.reminder > 0
    ? tiers.slice(0, notice.tier).map((people, index) => ({ tier: index + 1, people }))
    : [{ tier: notice.tier, people: tiers[notice.tier - 1] ?? [] }];
}

/**
 * The people of the earlier tiers of a tier's first notice, to be told that the alert has gone on
 * to it unacknowledged (decision 080, 2026-12-02 (d)): none for a reminder, an overdue action or
 * the raise, none when that tier has nobody (nobody has it now), and none for a tier below the
 * highest the same look reached (`highest`: after a stop, one notice of where it is now). Tiers
 * name each person once, so nobody here is also asked at the new tier.
 */
export function handedOverBy<P extends { id: number }>(
  notice: Notice,
  who: { tiersFor: (bridge: AlertBridge) => P[][] },
  bridge: AlertBridge,
  highest: number,
): { tier: number; people: P[]; escalatedTo: number }[] {
  if (notice.reminder > 0 || notice.actionId !== undefined || notice.tier < 2) return [];
  if (notice.tier < highest) return [];
  const tiers = who.tiersFor(bridge);
  if ((tiers[notice.tier - 1] ?? []).length === 0) return [];
  return tiers
    .slice(0, notice.tier - 1)
    .map((people, index) => ({ tier: index + 1, people, escalatedTo: notice.tier }));
}

/** The highest tier each alert's first notices reach among these (0: none). */
export function highestTiers(notices: readonly Notice[]): Map<number, number> {
  const highest = new Map<number, number>();
  for (const notice of notices) {
    if (notice.reminder > 0 || notice.actionId !== undefined) continue;
    highest.set(notice.alertId, Math.max(highest.get(notice.alertId) ?? 0, notice.tier));
  }
  return highest;
}

/**
 * Who may be told of these alerts, per tier (escalation-tiers.ts), with each person's address and
 * settings: the bridges' assigned users, the people on call now, the companies' administrators,
 * platform staff, the rules' groups of this channel (every channel when null), and the owners of
 * the notices' overdue actions.
 */
export async function peopleOfAlerts(
  db: Db,
  rows: readonly AlertBridge[],
  channel: NotificationChannel | null,
  notices: readonly Notice[],
  now: Date,
) {
  const person = {
    id: users.id,
    username: users.username,
    email: users.email,
    // Texts go only to a number its owner proved with a code.
    phone: sql<
      string | null
    >`case when ${users.phoneVerifiedAt} is not null then ${users.phone} end`,
    companyId: users.companyId,
    settings: notificationSettings,
  };
  const withSettings = eq(notificationSettings.userId, users.id);
  const bridgeIds = [...new Set(rows.map((row) => row.bridgeId))];
  const companyIds = [...new Set(rows.map((row) => row.companyId))];
  const assigned = await db
    .select({ bridgeId: userBridges.bridgeId, ...person })
    .from(userBridges)
    .innerJoin(users, eq(users.id, userBridges.userId))
    .leftJoin(notificationSettings, withSettings)
    .where(and(inArray(userBridges.bridgeId, bridgeIds), eq(users.isStaff, false)))
    .orderBy(users.id);
  const companyAdmins = await db
    .select(person)
    .from(users)
    .leftJoin(notificationSettings, withSettings)
    .where(
      and(
        inArray(users.companyId, companyIds),
        eq(users.isCompanyAdmin, true),
        eq(users.isStaff, false),
      ),
    )
    .orderBy(users.id);
  const staff = await db
    .select(person)
    .from(users)
    .leftJoin(notificationSettings, withSettings)
    .where(eq(users.isStaff, true))
    .orderBy(users.id);
  const peopleWithIds = async (ids: readonly number[]) =>
    ids.length === 0
      ? []
      : db
          .select(person)
          .from(users)
          .leftJoin(notificationSettings, withSettings)
          .where(inArray(users.id, [...ids]))
          .orderBy(users.id);
  const onCallOf = await onCallNow(db, companyIds, now);
  const onCallPeople = await peopleWithIds([...new Set([...onCallOf.values()].flat())]);
  /** Those on call now in this company's own rotas. */
  const onCall = (companyId: number) =>
    onCallPeople.filter((person) => onCallOf.get(companyId)?.includes(person.id));
  const routing = (await routingOf(db, companyIds)).filter(
    ({ rule }) => channel === null || rule.channels.includes(channel),
  );
  const routedPeople = await peopleWithIds([...new Set(routing.flatMap((route) => route.members))]);

  // The owners of overdue actions, for their reminders (decision 077).
  const ownerGroupIds = [
    ...new Set(notices.flatMap((notice) => (notice.owner?.groupId ? [notice.owner.groupId] : []))),
  ];
  const groupMembers =
    ownerGroupIds.length === 0
      ? []
      : await db
          .select({ groupId: contactGroupMembers.groupId, ...person })
          .from(contactGroupMembers)
          .innerJoin(users, eq(users.id, contactGroupMembers.userId))
          .leftJoin(notificationSettings, withSettings)
          .where(inArray(contactGroupMembers.groupId, ownerGroupIds))
          .orderBy(users.id);
  const ownersOf = (notice: Notice, companyId: number) => {
    const owner = notice.owner;
    if (owner === undefined) return [];
    const people =
      owner.groupId === null
        ? companyAdmins
        : groupMembers.filter((member) => member.groupId === owner.groupId);
    return people.filter((member) => member.companyId === companyId);
  };

  return {
    ownersOf,
    tiersFor: (bridge: AlertBridge) =>
      withRouted(
        tiersOf({
          companyId: bridge.companyId,
          assigned: assigned.filter((row) => row.bridgeId === bridge.bridgeId),
          onCall: onCall(bridge.companyId),
          companyAdmins,
          staff,
        }),
        bridge.companyId,
        routedFor(
          channel === null
            ? routing.filter(({ rule }) => carries(rule.channels, bridge.severity))
            : routing,
          routedPeople,
          bridge,
        ),
      ),
  };
}

/** A rule's channels reach someone: email always, a text only at the severities texted. */
function carries(channels: readonly string[], severity: string): boolean {
  return channels.includes('email') || (channels.includes('sms') && SMS_SEVERITIES.has(severity));
}

/** A possible recipient as `plan` reads them: address, company and own settings. */
export interface Recipient {
  email: string;
  phone: string | null;
  settings: typeof notificationSettings.$inferSelect | null;
}
