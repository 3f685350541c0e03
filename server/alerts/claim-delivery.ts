import type { AlertsRepository } from './alerts-repository.ts';
import { CLAIM_LEASE_MS } from './claim-lease.ts';
import type { DeliveryLog, DeliveryRow } from './alert-deliveries.ts';
import type { AlertDto } from './alerts-repository.ts';

export type Claimed = { delivery: DeliveryRow; alert: AlertDto } | { heldUntil: Date } | null;

/**
 * What every channel's sender does first: claims the row (so two senders never send it at
 * once), finds its alert, and cancels an escalation or reminder of an alert answered meanwhile.
 * A maintenance window covering the alert now (decision 055) holds the row until it ends
 * (`heldUntil`); a notice held by one whose alert was answered before it ended is not sent.
 * Null when there is nothing to send.
 */
export async function claimForSending(
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  deliveryId: number,
  leaseMs: number = CLAIM_LEASE_MS,
): Promise<Claimed> {
  const delivery = await deliveries.claim(deliveryId, new Date(), leaseMs);
  if (!delivery) return null;
  const [alert] = await alerts.findDtos([delivery.alertId]);
  if (!alert) {
    await deliveries.failed(deliveryId, 'The alert no longer exists', true);
    return null;
  }
  if (alert.state === 'active') {
    const cover = await deliveries.coverOf(alert.id, new Date());
    if (cover) {
      await deliveries.hold(deliveryId, cover.until, cover.note);
      return { heldUntil: cover.until };
    }
  }
  // Escalating or reminding is for alerts nobody has answered; the first notice still goes,
  // unless maintenance held it and the alert was answered before the works ended.
  const held = delivery.suppressedBy !== null;
  if ((delivery.tier > 1 || delivery.reminder > 0 || held) && alert.state !== 'active') {
    const why = held
      ? `${delivery.suppressedBy}; not sent: the alert was ${alert.state} before the works ended`
      : `Not sent: the alert was ${alert.state} first`;
    await deliveries.cancel(deliveryId, why);
    return null;
  }
  return { delivery, alert };
}
