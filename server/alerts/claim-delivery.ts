import type { AlertsRepository } from './alerts-repository.ts';
import { CLAIM_LEASE_MS } from './claim-lease.ts';
import type { DeliveryLog, DeliveryRow } from './alert-deliveries.ts';
import type { AlertDto } from './alerts-repository.ts';

/**
 * What every channel's sender does first: claims the row (so two senders never send it at
 * once), finds its alert, and cancels an escalation or reminder of an alert answered meanwhile.
 * Null when there is nothing to send.
 */
export async function claimForSending(
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  deliveryId: number,
): Promise<{ delivery: DeliveryRow; alert: AlertDto } | null> {
  const delivery = await deliveries.claim(deliveryId, new Date(), CLAIM_LEASE_MS);
  if (!delivery) return null;
  const [alert] = await alerts.findDtos([delivery.alertId]);
  if (!alert) {
    await deliveries.failed(deliveryId, 'The alert no longer exists', true);
    return null;
  }
  // Escalating or reminding is for alerts nobody has answered; the first notice still goes.
  if ((delivery.tier > 1 || delivery.reminder > 0) && alert.state !== 'active') {
    await deliveries.cancel(deliveryId, `Not sent: the alert was ${alert.state} first`);
    return null;
  }
  return { delivery, alert };
}
