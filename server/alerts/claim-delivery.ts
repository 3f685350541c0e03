import type { AlertsRepository } from './alerts-repository.ts';
import { CLAIM_LEASE_MS } from './claim-lease.ts';
import type { AlertActionRow, DeliveryLog, DeliveryRow } from './alert-deliveries.ts';
import type { AlertDto } from './alerts-repository.ts';

export type Claimed =
  { delivery: DeliveryRow; alert: AlertDto; action?: AlertActionRow } | { heldUntil: Date } | null;

/**
 * What every channel's sender does first: claims the row (so two senders never send it at
 * once), finds its alert, cancels what its recipient may no longer hear (moved to another
 * company since it was planned) and an escalation or reminder of an alert answered meanwhile.
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
  // Another company's alert is never told, whatever was planned while the person was its.
  if (!(await deliveries.recipientStillOfCompany(deliveryId))) {
    await deliveries.cancel(
      deliveryId,
      "Not sent: the recipient is no longer of the alert's company",
    );
    return null;
  }
  if (alert.state === 'active') {
    const cover = await deliveries.coverOf(alert.id, new Date());
    if (cover) {
      await deliveries.hold(deliveryId, cover.until, cover.note);
      return { heldUntil: cover.until };
    }
  }
  if (delivery.actionId !== null) return actionStillOverdue(deliveries, delivery, alert);
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
