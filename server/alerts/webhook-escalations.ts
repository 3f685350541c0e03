import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { alerts } from '../db/schema.ts';
import type { AlertDto } from './alerts-repository.ts';
import { firstLookSeconds } from './escalation.ts';
import { type EscalationPolicy, stepAt } from './escalation-policy.ts';

/** One escalation the webhook is to hear of: the alert reached this tier unacknowledged. */
export interface WebhookEscalation {
  alertId: number;
  tier: number;
}

/**
 * The active alerts that have reached a tier past the one the webhook last took (issue 32: "every
 * raise and every escalation produces … a webhook call"), each at its own kept delays (decision
 * 069) as its emails and bell. Stateless like the other looks: the alert's `webhook_tier` moves
 * only once the receiver answers 2xx, so a pass after a failure or a restart asks again, and
 * only the highest tier reached is posted (after a stop, one call says where it is now).
 */
export async function webhookEscalationsDue(
  db: Db,
  now: Date,
  policy: EscalationPolicy,
): Promise<WebhookEscalation[]> {
  const since = new Date(now.getTime() - firstLookSeconds(policy) * 1000);
  const active = await db
    .select({
      id: alerts.id,
      raisedAt: alerts.raisedAt,
      escalation: alerts.escalation,
      webhookTier: alerts.webhookTier,
    })
    .from(alerts)
    .where(and(eq(alerts.state, 'active'), lte(alerts.raisedAt, since)));
  return active.flatMap((alert) => {
    const elapsed = (now.getTime() - alert.raisedAt.getTime()) / 1000;
    const { tier } = stepAt(alert.escalation ?? policy, elapsed);
    return tier > alert.webhookTier ? [{ alertId: alert.id, tier }] : [];
  });
}

/** The body of an escalation's call: the contract's Alert, the event and the tier reached. */
export const escalationBody = (alert: AlertDto, tier: number): string =>
  JSON.stringify({ event: 'escalated', tier, ...alert });
