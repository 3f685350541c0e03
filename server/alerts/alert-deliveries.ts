import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { quietUntil } from '../../domain/quiet-hours.ts';
import type { Db } from '../db/client.ts';
import {
  alertActions,
  alertDeliveries,
  alerts,
  bridges,
  notificationSettings,
  users,
} from '../db/schema.ts';
import {
  alertBridges,
  handedOverBy,
  highestTiers,
  type Notice,
  peopleOfAlerts,
  type Recipient,
  toldBy,
} from './alert-audience.ts';
import { deliveryKey, messageIdOf, type NotificationChannel } from './alert-email.ts';
import { SMS_SEVERITIES } from './alert-sms.ts';
import { type MaintenanceCover, maintenanceCovers } from './maintenance-cover.ts';
import { choicesOf } from './notification-settings.ts';

export type DeliveryRow = typeof alertDeliveries.$inferSelect;
export type AlertActionRow = typeof alertActions.$inferSelect;

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
  /** recipientNow of a batch's rows in one query (the queued workers' claim of a fetch). */
  async function recipientsNow(
    rows: readonly DeliveryRow[],
  ): Promise<Map<number, { address: string } | { notSent: string }>> {
    if (rows.length === 0) return new Map();
    const people = await db
      .select({
        id: alertDeliveries.id,
        email: users.email,
        phone: sql<
          string | null
        >`case when ${users.phoneVerifiedAt} is not null then ${users.phone} end`,
        ofCompany: sql<boolean>`(${users.isStaff} or ${users.companyId} = ${bridges.companyId})`,
        settings: notificationSettings,
      })
      .from(alertDeliveries)
      .innerJoin(users, eq(users.id, alertDeliveries.userId))
      .innerJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
      .innerJoin(bridges, eq(bridges.id, alerts.bridgeId))
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(
        inArray(
          alertDeliveries.id,
          rows.map((row) => row.id),
        ),
      );
    const personOf = new Map(people.map((person) => [person.id, person]));
    const answers = new Map<number, { address: string } | { notSent: string }>();
    for (const row of rows) {
      const person = personOf.get(row.id);
      const why = whyNotSent(row.channel, person);
      if (why !== null || person === undefined) {
        answers.set(row.id, { notSent: why ?? NO_RECIPIENT });
        continue;
      }
      const address = row.channel === 'sms' ? person.phone : person.email;
      if (address === null) {
        answers.set(row.id, { notSent: NO_PHONE });
        continue;
      }
      // Rare (a changed address while the notice waited): a statement of its own.
      if (address !== row.recipient) {
        await db
          .update(alertDeliveries)
          .set({ recipient: address })
          .where(eq(alertDeliveries.id, row.id));
      }
      answers.set(row.id, { address });
    }
    return answers;
  }

  /**
   * claim of a batch's rows in one statement: each row is taken or not on its own conditions,
   * as if claimed alone (a queued worker's fetch, which held one statement per row before).
   */
  async function claimMany(
    ids: readonly number[],
    now: Date,
    leaseMs: number,
  ): Promise<DeliveryRow[]> {
    if (ids.length === 0) return [];
    return db
      .update(alertDeliveries)
      .set(leaseFor(now, leaseMs))
      .where(
        and(
          inArray(alertDeliveries.id, [...ids]),
          eq(alertDeliveries.state, 'pending'),
          leaseFree(now),
          or(isNull(alertDeliveries.holdUntil), lte(alertDeliveries.holdUntil, sql`now()`)),
          // What quiet hours held goes as one message a person and channel (claimHeld); a row
          // of a person since removed is taken alone, to be logged as not sent.
          or(
            isNull(alertDeliveries.holdUntil),
            isNotNull(alertDeliveries.suppressedBy),
            isNull(alertDeliveries.userId),
          ),
        ),
      )
      .returning();
  }

  /**
   * Claims, for each of these rows that quiet hours held and that are due now, every row held
   * for the same person and channel until the same end (decision 065 (g)): one message tells
   * them all. A whole group is taken in one statement under a lock on its person, so two senders
   * never split one: the second finds every row of it taken. Nothing when no row is such.
   */
  async function claimHeld(
    ids: readonly number[],
    now: Date,
    leaseMs: number,
  ): Promise<DeliveryRow[][]> {
    if (ids.length === 0) return [];
    const heldByQuiet = and(
      isNotNull(alertDeliveries.holdUntil),
      isNull(alertDeliveries.suppressedBy),
      eq(alertDeliveries.state, 'pending'),
      lte(alertDeliveries.holdUntil, sql`now()`),
    );
    const people = await db
      .selectDistinct({ userId: alertDeliveries.userId })
      .from(alertDeliveries)
      .where(and(inArray(alertDeliveries.id, [...ids]), heldByQuiet))
      .orderBy(asc(alertDeliveries.userId));
    const userIds = people.flatMap((row) => (row.userId === null ? [] : [row.userId]));
    if (userIds.length === 0) return [];
    const rows = await db.transaction(async (tx) => {
      // In one order, so two senders' locks never wait on each other in a circle.
      for (const userId of userIds) {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(${HELD_LOCK_SPACE}::int, ${userId}::int)`,
        );
      }
      return tx
        .update(alertDeliveries)
        .set(leaseFor(now, leaseMs))
        .where(
          and(
            heldByQuiet,
            leaseFree(now),
            sql`(${alertDeliveries.userId}, ${alertDeliveries.channel}, ${alertDeliveries.holdUntil}) in (select d.user_id, d.channel, d.hold_until from alert_deliveries d where d.id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}))`,
          ),
        )
        .returning();
    });
    const groups = new Map<string, DeliveryRow[]>();
    for (const row of [...rows].sort((a, b) => a.id - b.id)) {
      const key = `${row.userId}|${row.channel}|${row.holdUntil?.getTime()}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return [...groups.values()];
  }

  return {
    claimMany,
    claimHeld,
    recipientsNow,
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
      const highest = highestTiers(notices);

      const values = notices.flatMap((notice) => {
        const bridge = bridgeOf.get(notice.alertId);
        if (bridge === undefined) return [];
        const cover = covers.get(notice.alertId);
        // Those asked by the notice, then those of earlier tiers told it has gone on past them.
        const groups = [
          ...toldBy(notice, who, bridge).map((group) => ({ ...group, escalatedTo: undefined })),
          ...handedOverBy(notice, who, bridge, highest.get(notice.alertId) ?? 0),
        ];
        return groups.flatMap(({ tier, people, escalatedTo }) => {
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
              escalatedTo,
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
              escalatedTo: escalatedTo ?? null,
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

    /**
     * Gives back rows a sender claimed (their claim runs to `claimedUntil`) and will not send,
     * since it failed before sending: the next try takes them at once instead of after the lease,
     * and the attempt is not counted. A row decided meanwhile (cancelled, held, sent) or taken
     * by another sender after a lease ran out is left as it is.
     */
    async release(ids: readonly number[], claimedUntil: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(alertDeliveries)
        .set({ claimedUntil: null, attempts: sql`${alertDeliveries.attempts} - 1` })
        .where(
          and(
            inArray(alertDeliveries.id, [...ids]),
            eq(alertDeliveries.state, 'pending'),
            eq(alertDeliveries.claimedUntil, claimedUntil),
          ),
        );
    },

    /**
     * Where the row's notice goes now, or why it goes nowhere. A notice waits (quiet hours,
     * maintenance, an outage) and meanwhile staff may move its recipient to another company, and
     * the person may change their address, turn the channel off or change their phone number: it
     * goes to the address of now (the row then records it), and is cancelled when there is none.
     * Platform staff hear of every company's alerts. One indexed query.
     */
    async recipientNow(row: DeliveryRow): Promise<{ address: string } | { notSent: string }> {
      return (await recipientsNow([row])).get(row.id) ?? { notSent: NO_RECIPIENT };
    },

    /**
     * The user names of the people of this tier of the alert now (its bridge's, on call, its
     * rules' on any channel), for the notice telling the earlier tiers who has it: read from the
     * same look-up as the plan, since the other channel's rows may not be planned yet.
     */
    async askedAtTier(alertId: number, tier: number, now: Date = new Date()): Promise<string[]> {
      const [bridge] = await alertBridges(db, [alertId]);
      if (bridge === undefined) return [];
      const who = await peopleOfAlerts(db, [bridge], null, [{ alertId, tier, reminder: 0 }], now);
      return (who.tiersFor(bridge)[tier - 1] ?? []).map((person) => person.username).sort();
    },

    /** The action an overdue action's notice is about, as it reads now. */
    async actionOf(actionId: number): Promise<AlertActionRow | undefined> {
      const [row] = await db.select().from(alertActions).where(eq(alertActions.id, actionId));
      return row;
    },

    /** The maintenance window covering the alert at `at` (decision 055), if one does. */
    coverOf: async (alertId: number, at: Date): Promise<MaintenanceCover | undefined> =>
      (await maintenanceCovers(db, [alertId], at)).get(alertId),

    /** The windows covering these alerts at `at`, in the two queries of one (coverOf). */
    coversOf: (alertIds: readonly number[], at: Date): Promise<Map<number, MaintenanceCover>> =>
      maintenanceCovers(db, alertIds, at),

    /**
     * For each of these rows that tells of an escalation, the highest tier a later such notice to
     * the same person, alert and channel tells of, when it is still to send or sent (a held
     * "went to tier 2" is then stale news: decision 080, 2026-12-03 (e)). One query, none when
     * the rows tell of no escalation.
     */
    async laterHandovers(rows: readonly DeliveryRow[]): Promise<Map<number, number>> {
      const handovers = rows.filter((row) => row.escalatedTo !== null && row.userId !== null);
      if (handovers.length === 0) return new Map();
      const highest = await db
        .select({
          alertId: alertDeliveries.alertId,
          userId: alertDeliveries.userId,
          channel: alertDeliveries.channel,
          tier: sql<number>`max(${alertDeliveries.escalatedTo})`.mapWith(Number),
        })
        .from(alertDeliveries)
        .where(
          and(
            inArray(alertDeliveries.alertId, [...new Set(handovers.map((row) => row.alertId))]),
            isNotNull(alertDeliveries.escalatedTo),
            inArray(alertDeliveries.state, ['pending', 'sent']),
          ),
        )
        .groupBy(alertDeliveries.alertId, alertDeliveries.userId, alertDeliveries.channel);
      const later = new Map<number, number>();
      for (const row of handovers) {
        const found = highest.find(
          (other) =>
            other.alertId === row.alertId &&
            other.userId === row.userId &&
            other.channel === row.channel,
        );
        if (found && found.tier > (row.escalatedTo ?? 0)) later.set(row.id, found.tier);
      }
      return later;
    },

    /**
     * What queueing these rows needs, in one query: when each is held until (quiet hours, a
     * maintenance window; decision 050) and whether it tells an earlier tier of an escalation
     * (decision 080 (d)). Rows neither held nor a handover are left out.
     */
    async queueing(
      ids: readonly number[],
    ): Promise<Map<number, { holdUntil: Date | null; handover: boolean }>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: alertDeliveries.id,
          holdUntil: alertDeliveries.holdUntil,
          escalatedTo: alertDeliveries.escalatedTo,
        })
        .from(alertDeliveries)
        .where(
          and(
            inArray(alertDeliveries.id, [...ids]),
            or(isNotNull(alertDeliveries.holdUntil), isNotNull(alertDeliveries.escalatedTo)),
          ),
        );
      return new Map(
        rows.map((row) => [
          row.id,
          { holdUntil: row.holdUntil, handover: row.escalatedTo !== null },
        ]),
      );
    },

    /**
     * Takes a pending row for `leaseMs` and counts the attempt; undefined when it is sent, failed,
     * held by another sender whose hold has not run out (a dead sender's does), or still held by
     * its recipient's quiet hours (by the database's clock, which also starts pg-boss's jobs).
     */
    async claim(id: number, now: Date, leaseMs: number): Promise<DeliveryRow | undefined> {
      const [row] = await claimMany([id], now, leaseMs);
      return row;
    },

    /**
     * Logs these rows as sent by one message (one row, or the rows quiet hours held together,
     * which then record that message's Message-ID).
     */
    async sent(
      ids: number | readonly number[],
      providerAnswer: string,
      now: Date,
      messageId?: string,
    ): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({
          state: 'sent',
          sentAt: now,
          providerAnswer,
          claimedUntil: null,
          lastError: null,
          ...(messageId === undefined ? {} : { messageId }),
        })
        .where(inArray(alertDeliveries.id, typeof ids === 'number' ? [ids] : [...ids]));
    },

    /** Records a failed attempt; `final` gives up (no more tries), otherwise it waits for the next. */
    async failed(ids: number | readonly number[], error: string, final: boolean): Promise<void> {
      await db
        .update(alertDeliveries)
        .set({ lastError: error, claimedUntil: null, ...(final ? { state: 'failed' } : {}) })
        .where(
          and(
            inArray(alertDeliveries.id, typeof ids === 'number' ? [ids] : [...ids]),
            eq(alertDeliveries.state, 'pending'),
          ),
        );
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
 * A sender's claim of rows (claimMany, claimHeld): theirs until `leaseMs` from now, the attempt
 * counted. One place, so both claims keep the same lease and count.
 */
function leaseFor(now: Date, leaseMs: number): { claimedUntil: Date; attempts: SQL } {
  return {
    claimedUntil: new Date(now.getTime() + leaseMs),
    attempts: sql`${alertDeliveries.attempts} + 1`,
  };
}

/** A row no sender holds now: never claimed, or its sender's lease has run out (a dead one's). */
function leaseFree(now: Date): SQL | undefined {
  return or(isNull(alertDeliveries.claimedUntil), lt(alertDeliveries.claimedUntil, now));
}

/** The advisory locks of quiet hours' groups (claimHeld), one a person: apart from the alerts'. */
const HELD_LOCK_SPACE = 7_410_002;

const NO_RECIPIENT = 'Not sent: the recipient no longer exists';
const NO_PHONE = 'Not sent: the recipient has no verified phone number now';

/** Why the notice may not go to its recipient as they are now (recipientNow), or null. */
function whyNotSent(
  channel: string,
  person:
    { ofCompany: boolean; settings: typeof notificationSettings.$inferSelect | null } | undefined,
): string | null {
  if (person === undefined) return NO_RECIPIENT;
  // Another company's alert is never told, whatever was planned while the person was its.
  if (person.ofCompany !== true)
    return "Not sent: the recipient is no longer of the alert's company";
  const choices = choicesOf(person.settings);
  if (channel === 'sms' && !choices.sms) return 'Not sent: the recipient has turned texts off';
  if (channel !== 'sms' && !choices.email) return 'Not sent: the recipient has turned email off';
  return null;
}
