import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alerts } from '../db/schema.ts';
import type { DeliveryLog } from './alert-deliveries.ts';
import type { Notice } from './alert-audience.ts';
import type { NotificationChannel } from './alert-email.ts';
import { ESCALATION_BOUNDS } from '../../domain/escalation-settings.ts';
import { type EscalationPolicy, nextDeadlineSeconds, stepAt } from './escalation-policy.ts';

/** The active alerts (all, or these) raised by `cutoff`: those that may be due a notice. */
export function activeAlertsRaisedBy(db: Db, cutoff: Date, alertIds?: readonly number[]) {
  return db
    .select({ id: alerts.id, raisedAt: alerts.raisedAt, escalation: alerts.escalation })
    .from(alerts)
    .where(
      and(
        eq(alerts.state, 'active'),
        lte(alerts.raisedAt, cutoff),
        alertIds ? inArray(alerts.id, [...alertIds]) : undefined,
      ),
    );
}

/**
 * The shortest first deadline a company's own escalation can have (decision 069: tier 2 after at
 * least a minute), so a look need read no alert younger than it or the default's.
 */
const COMPANY_FIRST_DEADLINE_SECONDS = ESCALATION_BOUNDS.tier2Minutes.min * 60;

/**
 * How long after its raise an alert may first be due a look: the default policy's first deadline,
 * or a company's shortest possible one (decision 069), whichever comes first.
 */
export function firstLookSeconds(policy: EscalationPolicy): number {
  return Math.min(nextDeadlineSeconds(policy, 0) ?? Infinity, COMPANY_FIRST_DEADLINE_SECONDS);
}

/**
 * Escalation and reminders of alerts nobody has acknowledged (issue 32). Stateless: what is due
 * follows from the alert's raise, its state and its policy (the one its company had when it was
 * raised, else the configured default: decision 069), and the delivery log's keys make a
 * second look at the same moment plan nothing new, so any schedule may call it, late or twice.
 * An alert acknowledged or cleared is escalated no further.
 */
export function createEscalation(
  db: Db,
  deliveries: DeliveryLog,
  options: { policy: EscalationPolicy; channel: NotificationChannel; publicUrl: string },
) {
  const firstDeadline = firstLookSeconds(options.policy);
  const policyOf = (kept: EscalationPolicy | null): EscalationPolicy => kept ?? options.policy;

  /** The notices due by `now` of one unacknowledged alert raised at `raisedAt`. */
  const noticesOf = (
    alertId: number,
    raisedAt: Date,
    policy: EscalationPolicy,
    now: Date,
  ): Notice[] => {
    const { tier, reminder } = stepAt(policy, (now.getTime() - raisedAt.getTime()) / 1000);
    const notices: Notice[] = [];
    for (let reached = 2; reached <= tier; reached += 1) {
      notices.push({ alertId, tier: reached, reminder: 0 });
    }
    // Only the latest reminder: after a stop of the server, people get one, not each missed one.
    // It goes to the tiers reached at its own deadline, so a later look never widens it.
    if (reminder > 0) {
      const { tier: reached } = stepAt(policy, reminder * policy.reminderEverySeconds);
      notices.push({ alertId, tier: reached, reminder });
    }
    return notices;
  };

  return {
    /**
     * Plans what is due by `now` of the active alerts (all, or these); returns the new
     * deliveries to send.
     */
    async plan(now: Date, alertIds?: readonly number[]): Promise<number[]> {
      const due = await activeAlertsRaisedBy(
        db,
        new Date(now.getTime() - firstDeadline * 1000),
        alertIds,
      );
      const notices = due.flatMap((alert) =>
        noticesOf(alert.id, alert.raisedAt, policyOf(alert.escalation), now),
      );
      return deliveries.plan(notices, options.channel, options.publicUrl, now);
    },

    /** When the alert is next due a look, or null (no longer active, or nothing left). */
    async nextDeadline(alertId: number, now: Date): Promise<Date | null> {
      return (await this.nextDeadlines([alertId], now)).get(alertId) ?? null;
    },

    /**
     * When each of these alerts is next due a look, in one query; an alert no longer active, or
     * with nothing left, is not in the answer.
     */
    async nextDeadlines(alertIds: readonly number[], now: Date): Promise<Map<number, Date>> {
      if (alertIds.length === 0) return new Map();
      const rows = await db
        .select({ id: alerts.id, raisedAt: alerts.raisedAt, escalation: alerts.escalation })
        .from(alerts)
        .where(and(inArray(alerts.id, [...alertIds]), eq(alerts.state, 'active')));
      return new Map(
        rows.flatMap((alert) => {
          const elapsed = (now.getTime() - alert.raisedAt.getTime()) / 1000;
          const next = nextDeadlineSeconds(policyOf(alert.escalation), elapsed);
          return next === null
            ? []
            : [[alert.id, new Date(alert.raisedAt.getTime() + next * 1000)]];
        }),
      );
    },

    /** The ids of the alerts still active (to resume their schedules after a restart). */
    async activeAlertIds(): Promise<number[]> {
      const rows = await db
        .select({ id: alerts.id })
        .from(alerts)
        .where(eq(alerts.state, 'active'));
      return rows.map((row) => row.id);
    },
  };
}

export type Escalation = ReturnType<typeof createEscalation>;
