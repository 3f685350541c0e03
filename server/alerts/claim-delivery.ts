import type { AlertsRepository } from './alerts-repository.ts';
import { CLAIM_LEASE_MS } from './claim-lease.ts';
import type { AlertActionRow, DeliveryLog, DeliveryRow } from './alert-deliveries.ts';
import type { AlertDto } from './alerts-repository.ts';

export type Claimed =
  | {
      delivery: DeliveryRow;
      alert: AlertDto;
      action?: AlertActionRow;
      /** For a notice that the alert went on to `delivery.escalatedTo`: who is asked there. */
      nowWith?: string[];
    }
  | { heldUntil: Date }
  | null;

/**
 * What every channel's sender does first: claims the row (so two senders never send it at
 * once), finds its alert, reads its recipient's address of now and cancels what they may no
 * longer hear (moved to another company, the channel turned off, no verified phone now), and
 * any notice of an alert acknowledged or cleared meanwhile (an overdue action's: see below).
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
  // Who the notice is for is read now: their company, their channel choice, their address.
  const recipient = await deliveries.recipientNow(delivery);
  if ('notSent' in recipient) {
    await deliveries.cancel(deliveryId, recipient.notSent);
    return null;
  }
  if (alert.state === 'active') {
    const cover = await deliveries.coverOf(alert.id, new Date());
    if (cover) {
      await deliveries.hold(deliveryId, cover.until, cover.note);
      return { heldUntil: cover.until };
    }
  }
  if (delivery.actionId !== null) {
    return actionStillOverdue(deliveries, { ...delivery, recipient: recipient.address }, alert);
  }
  // An email or text asks someone to answer the alert: once it is acknowledged or cleared there
  // is nothing to ask, the raise's first notice included (decision 080, 2026-12-02 (c)); the
  // bell's line of the raise, never held, keeps the news. A notice maintenance held says so.
  if (alert.state !== 'active') {
    const why =
      delivery.suppressedBy !== null
        ? `${delivery.suppressedBy}; not sent: the alert was ${alert.state} before the works ended`
        : `Not sent: the alert was ${alert.state} first`;
    await deliveries.cancel(deliveryId, why);
    return null;
  }
  const told = { delivery: { ...delivery, recipient: recipient.address }, alert };
  if (delivery.escalatedTo === null) return told;
  return { ...told, nowWith: await deliveries.askedAtTier(alert.id, delivery.escalatedTo) };
}

/**
 * An overdue action's notice goes while the action is still undone and its alert not cleared;
 * an acknowledged alert's still goes (decision 077): the acknowledgement is not the inspection.
 */
async function actionStillOverdue(
  deliveries: DeliveryLog,
  delivery: DeliveryRow,
  alert: AlertDto,
): Promise<Claimed> {
  const action =
    delivery.actionId === null ? undefined : await deliveries.actionOf(delivery.actionId);
  const why =
    action === undefined
      ? 'Not sent: the action no longer exists'
      : action.doneAt !== null
        ? 'Not sent: the action was done first'
        : alert.state === 'cleared'
          ? 'Not sent: the alert was cleared first'
          : null;
  if (why !== null || action === undefined) {
    await deliveries.cancel(delivery.id, why ?? 'Not sent');
    return null;
  }
  return { delivery, alert, action };
}
