import type { Schemas } from '../contract-types.ts';

export type NotificationChannel = 'email';

export interface DeliveryKeyParts {
  alertId: number;
  tier: number;
  userId: number;
  channel: NotificationChannel;
}

/** One notification's identity: planned once, sent at most once per (alert, tier, recipient, channel). */
export const deliveryKey = ({ alertId, tier, userId, channel }: DeliveryKeyParts): string =>
  `alert-${alertId}.tier-${tier}.user-${userId}.${channel}`;

/**
 * The Message-ID a resend repeats, so a mail client shows one message even when a dead worker's
 * send is made again (RFC 5322 §3.6.4: unique per message, here per notification).
 */
export const messageIdOf = (key: string, publicUrl: string): string =>
  `<${key}@${new URL(publicUrl).hostname || 'spanwatch.invalid'}>`;

export interface AlertEmail {
  subject: string;
  text: string;
}

/** The dashboard of the alert's bridge, where its alerts and their dialog are. */
export const dashboardLink = (publicUrl: string, bridgeId: number): string =>
  new URL(`/dashboard?bridge=${bridgeId}`, publicUrl).toString();

/**
 * What a person reads: the bridge, the alert, its severity, the value against its trigger (the
 * alert's message states both), when it was raised, and where to look.
 */
export function alertEmail(alert: Schemas['Alert'], publicUrl: string): AlertEmail {
  const raised = `${alert.raised_at.slice(0, 16).replace('T', ' ')} UTC`;
  return {
    subject: `[SpanWatch] ${alert.severity}: ${alert.type} on ${alert.bridge_name}`,
    text: [
      `Bridge: ${alert.bridge_name}`,
      `Alert: ${alert.type} (no. ${alert.id})`,
      `Severity: ${alert.severity}`,
      `Measured against its trigger: ${alert.message}`,
      `Raised: ${raised}`,
      '',
      `Open the bridge's dashboard to acknowledge it: ${dashboardLink(publicUrl, alert.bridge)}`,
      '',
      'You receive this because you can see this bridge in SpanWatch.',
    ].join('\n'),
  };
}
