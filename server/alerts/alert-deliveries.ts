import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { quietUntil } from '../../domain/quiet-hours.ts';
import type { Db } from '../db/client.ts';
import {
  alertActions,
  alertDeliveries,
  alerts,
  bridges,
  contactGroupMembers,
  notificationSettings,
  userBridges,
  users,
} from '../db/schema.ts';
import { type ActionOwner, peopledTier, toldOfAction } from './action-notice-recipients.ts';
import { routingOf } from '../repositories/contact-groups-repository.ts';
import { onCallNow } from '../repositories/rotas-repository.ts';
import { deliveryKey, messageIdOf, type NotificationChannel } from './alert-email.ts';
import { SMS_SEVERITIES } from './alert-sms.ts';
import { tiersOf, withRouted } from './escalation-tiers.ts';
import { type MaintenanceCover, maintenanceCovers } from './maintenance-cover.ts';
import { choicesOf } from './notification-settings.ts';
import { routedFor } from './routed-recipients.ts';

export type DeliveryRow = typeof alertDeliveries.$inferSelect;
export type AlertActionRow = typeof alertActions.$inferSelect;

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
export interface LoggedDelivery {
  row: DeliveryRow;
  username: string | null;
}

/**
 * The delivery log (issue 32): each planned notification is a row before anything is sent, so
 * an outage delays it and never loses it, and its unique key keeps a second plan from adding
 * another. Senders claim a row for a while before sending, so two never send it at once.
 */
export function createDeliveryLog(db: Db) {
  return {
    /**
     * Plans these notices: a tier's first notice goes to that tier's people, a reminder to
     * everyone of the tiers reached so far (escalation-tiers.ts). Each person's own settings
     * (decision 050) decide: a channel they turned off is skipped, a text needs a verified
     * number, and below Critical a notice planned in their quiet hours is held until they end.
     * A notice of an alert a maintenance window covers (decision 055) is held until the window
     * ends; a reminder then is logged as not sent (the next one comes on schedule).
     * Notification rules (decision 060) add their groups' members at their tiers on this channel.
     * Returns the ids of the rows new to the log: a notice planned before adds nothing.
     */
    async plan(
      notices: readonly Notice[],
      channel: NotificationChannel,
      publicUrl: string,
      now: Date = new Date(),
    ): Promise<number[]> {
      if (notices.length === 0) return [];
      const alertIds = [...new Set(notices.map((notice) => notice.alertId))];
      // A text goes only for the severities worth waking for, and only to those with a phone.
      const alertRows = await alertBridges(db, alertIds);
      const bridgeOf = new Map(
        alertRows
          .filter((row) => channel !== 'sms' || SMS_SEVERITIES.has(row.severity))
          .map((row) => [row.id, row]),
      );
      if (bridgeOf.size === 0) return [];
      const addressOf = (recipient: Recipient) => {
        const choices = choicesOf(recipient.settings);
        if (channel === 'sms') return choices.sms ? recipient.phone : null;
        return choices.email ? recipient.email : null;
      };
      const holdOf = (recipient: Recipient, severity: string): Date | null => {
        const quiet = choicesOf(recipient.settings).quietHours;
        return quiet && severity !== 'Critical' ? quietUntil(now, quiet) : null;
      };
      const covers = await maintenanceCovers(db, [...bridgeOf.keys()], now);
      const who = await peopleOfAlerts(db, [...bridgeOf.values()], channel, notices, now);

      const values = notices.flatMap((notice) => {
        const bridge = bridgeOf.get(notice.alertId);
        if (bridge === undefined) return [];
        const cover = covers.get(notice.alertId);
        return toldBy(notice, who, bridge).flatMap(({ tier, people }) => {
          return people.flatMap((recipient) => {
            const address = addressOf(recipient);
            if (address === null) return [];
            const key = deliveryKey({
              alertId: notice.alertId,
              tier,
              userId: recipient.id,
              channel,
              reminder: notice.reminder,
              actionId: notice.actionId,
            });
            return {
              alertId: notice.alertId,
              tier,
              reminder: notice.reminder,
              userId: recipient.id,
              recipient: address,
              channel,
              idempotencyKey: key,
              messageId: messageIdOf(key, publicUrl),
              actionId: notice.actionId ?? null,
              ...heldOrSuppressed(holdOf(recipient, bridge.severity), cover, notice.reminder),
            };
          });
        });
      });
      if (values.length === 0) return [];
      const rows = await db
        .insert(alertDeliveries)
        .values(values)
        .onConflictDoNothing({ target: alertDeliveries.idempotencyKey })
        .returning({ id: alertDeliveries.id, state: alertDeliveries.state });
      // A reminder suppressed by maintenance is logged, not sent.
      return rows.filter((row) => row.state === 'pending').map((row) => row.id);
    },

    /**
     * These overdue actions' first notices at the tier they really reach: the tier asked for,
     * or the highest below it with people when it has nobody (`peopledTier`, as `plan` falls
     * back), on any channel. The bell names this tier, not the one asked for (decision 077).
     */
    async withToldTiers(notices: readonly Notice[], now: Date = new Date()): Promise<Notice[]> {
      const asked = notices.filter((notice) => notice.actionId !== undefined);
      if (asked.length === 0) return [...notices];
      const rows = await alertBridges(db, [...new Set(asked.map((notice) => notice.alertId))]);
      const bridgeOf = new Map(rows.map((row) => [row.id, row]));
      const who = await peopleOfAlerts(db, rows, null, [], now);
      return notices.map((notice) => {
        const bridge = bridgeOf.get(notice.alertId);
        if (notice.actionId === undefined || notice.reminder > 0 || bridge === undefined) {
          return notice;
        }
        return { ...notice, tier: peopledTier(who.tiersFor(bridge), notice.tier) };
      });
    },

    /**
     * Who these notices tell on any channel (decision 080, amended 2026-12-02), each person's
     * own channel choices aside: the people an email or a text of the same notice is planned
     * for, before each channel's on/off, address and quiet hours. The bell writes its lines
     * for them beside those who see the bridge. Every one is of the alert's company or staff.
     */
    async told(
      notices: readonly Notice[],
      now: Date = new Date(),
    ): Promise<
      { alertId: number; actionId?: number; tier: number; userId: number; inApp: boolean }[]
    > {
      if (notices.length === 0) return [];
      const rows = await alertBridges(db, [...new Set(notices.map((notice) => notice.alertId))]);
      const bridgeOf = new Map(rows.map((row) => [row.id, row]));
      const who = await peopleOfAlerts(db, rows, null, notices, now);
      return notices.flatMap((notice) => {
        const bridge = bridgeOf.get(notice.alertId);
        if (bridge === undefined) return [];
        return toldBy(notice, who, bridge).flatMap(({ tier, people }) =>
          people.map((person) => ({
            alertId: notice.alertId,
            ...(notice.actionId === undefined ? {} : { actionId: notice.actionId }),
            tier,
            userId: person.id,
            inApp: choicesOf(person.settings).inApp,
          })),
        );
      });
    },

    /** An escalation or reminder no longer needed: its alert was acknowledged or cleared. */
    async cancel(id: number, reason: string): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ state: 'cancelled', lastError: reason, claimedUntil: null })
        .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'pending')));
    },

    /**
     * Holds a claimed row until a maintenance window ends (the window grew after it was planned):
     * the claim is given back and the attempt not counted.
     */
    async hold(id: number, until: Date, note: string): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({
          holdUntil: until,
          suppressedBy: note,
          claimedUntil: null,
          attempts: sql`${alertDeliveries.attempts} - 1`,
        })
        .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'pending')));
    },

    /** The action an overdue action's notice is about, as it reads now. */
    async actionOf(actionId: number): Promise<AlertActionRow | undefined> {
      const [row] = await db.select().from(alertActions).where(eq(alertActions.id, actionId));
      return row;
    },

    /** The maintenance window covering the alert at `at` (decision 055), if one does. */
    coverOf: async (alertId: number, at: Date): Promise<MaintenanceCover | undefined> =>
      (await maintenanceCovers(db, [alertId], at)).get(alertId),

    /** When each of these rows is held until by quiet hours (rows not held are left out). */
    async holds(ids: readonly number[]): Promise<Map<number, Date>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: alertDeliveries.id, holdUntil: alertDeliveries.holdUntil })
        .from(alertDeliveries)
        .where(and(inArray(alertDeliveries.id, [...ids]), isNotNull(alertDeliveries.holdUntil)));
      return new Map(rows.flatMap((row) => (row.holdUntil ? [[row.id, row.holdUntil]] : [])));
    },

    /**
     * Takes a pending row for `leaseMs` and counts the attempt; undefined when it is sent, failed,
     * held by another sender whose hold has not run out (a dead sender's does), or still held by
     * its recipient's quiet hours (by the database's clock, which also starts pg-boss's jobs).
     */
    async claim(id: number, now: Date, leaseMs: number): Promise<DeliveryRow | undefined> {
      const [row] = await db
        .update(alertDeliveries)
        .set({
          claimedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${alertDeliveries.attempts} + 1`,
        })
        .where(
          and(
            eq(alertDeliveries.id, id),
            eq(alertDeliveries.state, 'pending'),
            or(isNull(alertDeliveries.claimedUntil), lt(alertDeliveries.claimedUntil, now)),
            or(isNull(alertDeliveries.holdUntil), lte(alertDeliveries.holdUntil, sql`now()`)),
          ),
        )
        .returning();
      return row;
    },

    async sent(id: number, providerAnswer: string, now: Date): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ state: 'sent', sentAt: now, providerAnswer, claimedUntil: null, lastError: null })
        .where(eq(alertDeliveries.id, id));
    },

    /** Records a failed attempt; `final` gives up (no more tries), otherwise it waits for the next. */
    async failed(id: number, error: string, final: boolean): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ lastError: error, claimedUntil: null, ...(final ? { state: 'failed' } : {}) })
        .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'pending')));
    },

    /** Rows still to send (of one channel, or all), oldest first (a restart or an outage left them). */
    async pending(channel?: NotificationChannel, limit = 1000): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(alertDeliveries)
        .where(
          and(
            eq(alertDeliveries.state, 'pending'),
            channel ? eq(alertDeliveries.channel, channel) : undefined,
          ),
        )
        .orderBy(asc(alertDeliveries.id))
        .limit(limit);
    },

    /** The alert's log, oldest first, with each recipient's current user name. */
    async ofAlert(alertId: number): Promise<LoggedDelivery[]> {
      return db
        .select({ row: alertDeliveries, username: users.username })
        .from(alertDeliveries)
        .leftJoin(users, eq(users.id, alertDeliveries.userId))
        .where(eq(alertDeliveries.alertId, alertId))
        .orderBy(asc(alertDeliveries.createdAt), asc(alertDeliveries.id));
    },
  };
}

export type DeliveryLog = ReturnType<typeof createDeliveryLog>;

/**
 * A notice under a maintenance window waits for its end (the later of it and quiet hours); a
 * reminder under one is logged as not sent, since those told will hear when the window ends.
 */
function heldOrSuppressed(
  quietHold: Date | null,
  cover: MaintenanceCover | undefined,
  reminder: number,
): Pick<typeof alertDeliveries.$inferInsert, 'holdUntil' | 'suppressedBy' | 'state' | 'lastError'> {
  if (!cover) return { holdUntil: quietHold };
  if (reminder > 0) {
    return { holdUntil: null, suppressedBy: cover.note, state: 'cancelled', lastError: cover.note };
  }
  const holdUntil = quietHold && quietHold > cover.until ? quietHold : cover.until;
  return { holdUntil, suppressedBy: cover.note };
}

/**
 * The people one notice tells, per tier: an overdue action's (action-notice-recipients.ts), a
 * reminder's (every tier reached so far) or a tier's first notice (that tier's people).
 */
function toldBy<P extends { id: number }>(
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

/** An alert's bridge and company, as `plan` and `toldTiers` read them. */
interface AlertBridge {
  id: number;
  bridgeId: number;
  companyId: number;
  type: string;
  severity: string;
}

/** These alerts with their bridges and companies. */
function alertBridges(db: Db, alertIds: number[]): Promise<AlertBridge[]> {
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
 * Who may be told of these alerts, per tier (escalation-tiers.ts), with each person's address and
 * settings: the bridges' assigned users, the people on call now, the companies' administrators,
 * platform staff, the rules' groups of this channel (every channel when null), and the owners of
 * the notices' overdue actions.
 */
async function peopleOfAlerts(
  db: Db,
  rows: readonly AlertBridge[],
  channel: NotificationChannel | null,
  notices: readonly Notice[],
  now: Date,
) {
  const person = {
    id: users.id,
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
  const onCall = await peopleWithIds(await onCallNow(db, companyIds, now));
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
          onCall,
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
interface Recipient {
  email: string;
  phone: string | null;
  settings: typeof notificationSettings.$inferSelect | null;
}
