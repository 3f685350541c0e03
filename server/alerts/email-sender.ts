import nodemailer from 'nodemailer';
import type { AlertsRepository } from './alerts-repository.ts';
import { alertEmail } from './alert-email.ts';
import { actionOverdueEmail } from './action-overdue-texts.ts';
import { handoverEmail } from './escalation-handover-texts.ts';
import { ACK_LINK_TTL_MS, ackLinkKey, ackLinkUrl, signAckLink } from './ack-link.ts';
import type { DeliveryLog } from './alert-deliveries.ts';
import { claimsOf, type Claimed, type HeldDigest, type Told } from './claim-delivery.ts';
import { deliverClaimed, outgoingOf } from './deliver-claimed.ts';
import { heldDigestEmail } from './held-digest-texts.ts';
import { leaseMsOf } from './claim-lease.ts';
import { DEFAULT_ALERT_DELIVERY } from '../config/setting-defaults.ts';

export interface EmailSettings {
  smtpUrl: string;
  from: string;
  publicUrl: string;
  /** The server's secret, from which the acknowledge links' signing key is derived. */
  linkSecret: string;
  /** The longest one SMTP exchange may take (ALERT_SEND_TIMEOUT_SECONDS, default 30). */
  timeoutSeconds?: number;
}

/** What is given up on: the delivery is marked failed after this many attempts. */
export interface EmailSender {
  /**
   * Sends one planned delivery if it is still to send and no one else holds it; throws when
   * the SMTP server refuses or cannot be reached (the row stays pending unless `final`).
   */
  send(
    deliveryId: number,
    final: (attempts: number) => boolean,
    claimed?: Claimed,
  ): Promise<'sent' | 'skipped' | 'held'>;
  /**
   * Claims a fetched batch's rows together (claimAllForSending), for `send` to be given each
   * row's answer: a missing row has nothing to send.
   */
  claimAll(deliveryIds: readonly number[]): Promise<Map<number, Claimed>>;
  close(): void;
}

export function createEmailSender(
  settings: EmailSettings,
  deliveries: DeliveryLog,
  alerts: Pick<AlertsRepository, 'findDtos'>,
  /**
   * Keeps up to this many SMTP connections open and reuses them, for a caller that never sends
   * more at once (a message waiting for a connection would age its claim). Without it, each
   * message opens its own.
   */
  connections?: number,
): EmailSender {
  // Timeouts well under the claim's lease, so a hung server fails the attempt before the hold
  // runs out and another sender starts the same message.
  const timeoutMs = (settings.timeoutSeconds ?? DEFAULT_ALERT_DELIVERY.sendTimeoutSeconds) * 1000;
  const leaseMs = leaseMsOf(timeoutMs / 1000);
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: timeoutMs / 2,
    greetingTimeout: timeoutMs / 2,
    socketTimeout: timeoutMs,
    ...(connections ? { pool: true, maxConnections: connections } : {}),
  });
  const linkKey = ackLinkKey(settings.linkSecret);

  /** The email of a claimed row: an overdue action's, a handover's or the alert's own. */
  const messageFor = ({ delivery, alert, action, nowWith }: Told) => {
    if (action) return actionOverdueEmail(alert, action, settings.publicUrl, delivery);
    const token = signAckLink(linkKey, {
      alertId: alert.id,
      userId: delivery.userId ?? 0,
      nonce: delivery.idempotencyKey,
      expiresAt: new Date(Date.now() + ACK_LINK_TTL_MS),
    });
    const acknowledgeUrl = ackLinkUrl(settings.publicUrl, token);
    return delivery.escalatedTo !== null
      ? handoverEmail(alert, settings.publicUrl, {
          tier: delivery.tier,
          escalatedTo: delivery.escalatedTo,
          nowWith: nowWith ?? [],
          acknowledgeUrl,
        })
      : alertEmail(alert, settings.publicUrl, {
          tier: delivery.tier,
          reminder: delivery.reminder,
          acknowledgeUrl,
        });
  };

  /** What a person's quiet hours held, in one email, each alert with its own acknowledge link. */
  const digestFor = (digest: HeldDigest) =>
    heldDigestEmail(digest, settings.publicUrl, (alertId, nonce) =>
      ackLinkUrl(
        settings.publicUrl,
        signAckLink(linkKey, {
          alertId,
          userId: digest.userId,
          nonce,
          expiresAt: new Date(Date.now() + ACK_LINK_TTL_MS),
        }),
      ),
    );

  const claims = claimsOf(deliveries, alerts, leaseMs);
  return {
    claimAll: claims.claimAll,
    async send(deliveryId, final, claimedBefore) {
      const claimed = await claims.claimOne(deliveryId, claimedBefore);
      if (!claimed) return 'skipped';
      if ('heldUntil' in claimed) return 'held';
      const outgoing = outgoingOf(claimed, settings.publicUrl);
      return deliverClaimed(deliveries, outgoing, final, async () => {
        const { subject, text } =
          'digest' in claimed ? digestFor(claimed.digest) : messageFor(claimed);
        const info = await transport.sendMail({
          from: settings.from,
          to: outgoing.recipient,
          subject,
          text,
          messageId: outgoing.messageId,
        });
        return String(info.response);
      });
    },
    close: () => transport.close(),
  };
}
