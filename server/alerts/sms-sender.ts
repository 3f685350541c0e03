import type { AlertsRepository } from './alerts-repository.ts';
import type { DeliveryLog } from './alert-deliveries.ts';
import { alertSms } from './alert-sms.ts';
import { actionOverdueSms } from './action-overdue-texts.ts';
import { handoverSms } from './escalation-handover-texts.ts';
import { claimsOf, type Told } from './claim-delivery.ts';
import { deliverClaimed, outgoingOf } from './deliver-claimed.ts';
import { heldDigestSms } from './held-digest-texts.ts';
import { CLAIM_LEASE_MS } from './claim-lease.ts';
import type { EmailSender } from './email-sender.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * Sends one planned text as the email sender sends a mail: claimed first, so two senders never
 * send it at once; an escalation or reminder of an alert answered meanwhile is cancelled.
 */
export function createSmsSender(
  provider: SmsProvider,
  publicUrl: string,
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  leaseMs: number = CLAIM_LEASE_MS,
): EmailSender {
  const claims = claimsOf(deliveries, alerts, leaseMs);
  return {
    claimAll: claims.claimAll,
    async send(deliveryId, final, claimedBefore) {
      const claimed = await claims.claimOne(deliveryId, claimedBefore);
      if (!claimed) return 'skipped';
      if ('heldUntil' in claimed) return 'held';
      const outgoing = outgoingOf(claimed, publicUrl);
      return deliverClaimed(deliveries, outgoing, final, () =>
        provider.send(
          outgoing.recipient,
          'digest' in claimed
            ? heldDigestSms(claimed.digest, publicUrl)
            : textOf(claimed, publicUrl),
        ),
      );
    },
    close: () => undefined,
  };
}

/** The text of a claimed row: an overdue action's, a handover's or the alert's own. */
function textOf({ delivery, alert, action, nowWith }: Told, publicUrl: string): string {
  if (action) return actionOverdueSms(alert, action, publicUrl, delivery);
  return delivery.escalatedTo !== null
    ? handoverSms(alert, publicUrl, {
        tier: delivery.tier,
        escalatedTo: delivery.escalatedTo,
        nowWith: nowWith ?? [],
      })
    : alertSms(alert, publicUrl, delivery);
}
