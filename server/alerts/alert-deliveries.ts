import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alertDeliveries, alerts, userBridges, users } from '../db/schema.ts';
import { deliveryKey, messageIdOf, type NotificationChannel } from './alert-email.ts';

export type DeliveryRow = typeof alertDeliveries.$inferSelect;
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
     * Plans the tier's notifications of these alerts to everyone who can see the bridge: staff
     * and the users it is assigned to (docs/decisions/031-alert-notifications.md). Returns the
     * ids of the rows new to the log.
     */
    async plan(
      alertIds: readonly number[],
      tier: number,
      channel: NotificationChannel,
      publicUrl: string,
    ): Promise<number[]> {
      if (alertIds.length === 0) return [];
      const recipients = await db
        .select({ alertId: alerts.id, userId: users.id, email: users.email })
        .from(alerts)
        .innerJoin(
          users,
          or(
            eq(users.isStaff, true),
            inArray(
              users.id,
              db
                .select({ id: userBridges.userId })
                .from(userBridges)
                .where(eq(userBridges.bridgeId, alerts.bridgeId)),
            ),
          ),
        )
        .where(inArray(alerts.id, [...alertIds]))
        .orderBy(alerts.id, users.id);
      if (recipients.length === 0) return [];
      const rows = await db
        .insert(alertDeliveries)
        .values(
          recipients.map((r) => {
            const key = deliveryKey({ alertId: r.alertId, tier, userId: r.userId, channel });
            return {
              alertId: r.alertId,
              tier,
              userId: r.userId,
              recipient: r.email,
              channel,
              idempotencyKey: key,
              messageId: messageIdOf(key, publicUrl),
            };
          }),
        )
        .onConflictDoNothing({ target: alertDeliveries.idempotencyKey })
        .returning({ id: alertDeliveries.id });
      return rows.map((row) => row.id);
    },

    /**
     * Takes a pending row for `leaseMs` and counts the attempt; undefined when it is sent, failed
     * or held by another sender whose hold has not run out (a dead sender's does).
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

    /** Rows still to send, oldest first (a restart or an outage left them). */
    async pending(limit = 1000): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(alertDeliveries)
        .where(eq(alertDeliveries.state, 'pending'))
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
