import type { Schemas } from '../contract-types.ts';

export type NotificationChannel = 'email' | 'sms';

export interface DeliveryKeyParts {
  alertId: number;
  tier: number;
  userId: number;
  channel: NotificationChannel;
  /** 0: the tier's first notice; n: the n-th reminder. */
  reminder?: number;
  /** The overdue action the notice is about (decision 077): each action is a notice of its own. */
  actionId?: number | undefined;
  /** Set for the notice telling an earlier tier's person the alert went on to this tier. */
  escalatedTo?: number | undefined;
}

/**
 * One notification's identity: planned once, sent at most once per (alert, tier, recipient,
 * channel) and reminder number, per overdue action, and per tier an escalation told them of.
 */
export const deliveryKey = ({
  alertId,
  tier,
  userId,
  channel,
  reminder = 0,
  actionId,
  escalatedTo,
}: DeliveryKeyParts) =>
  `alert-${alertId}${actionId === undefined ? '' : `.action-${actionId}`}.tier-${tier}.user-${userId}.${channel}${reminder > 0 ? `.reminder-${reminder}` : ''}${escalatedTo === undefined ? '' : `.escalated-${escalatedTo}`}`;

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
 * The alert's own page (decision 080, amended): whoever was told of the alert may open it, and
 * it leads on to the bridge's dashboard for whoever may see the bridge. Every message links it.
 */
export const alertPageLink = (publicUrl: string, alertId: number): string =>
  new URL(`/alerts/${alertId}`, publicUrl).toString();

/** Which notice of the alert this email is: its tier and reminder number, and its ack link. */
export interface EmailNotice {
  tier: number;
  reminder: number;
  acknowledgeUrl: string;
}

const headline = ({ tier, reminder }: EmailNotice): string => {
  if (reminder > 0) return `Reminder ${reminder}, still unacknowledged: `;
  if (tier > 1) return `Escalated to you (tier ${tier}), unacknowledged: `;
  return '';
};

/**
 * What a person reads: the bridge, the alert, its severity, the value against its trigger (the
 * alert's message states both), when it was raised, why it comes again, a link that
 * acknowledges it, the alert's page and the dashboard.
 */
export function alertEmail(
  alert: Schemas['Alert'],
  publicUrl: string,
  notice: EmailNotice,
): AlertEmail {
  const raised = `${alert.raised_at.slice(0, 16).replace('T', ' ')} UTC`;
  const why =
    notice.reminder > 0
      ? [`Still not acknowledged: reminder ${notice.reminder}.`, '']
      : notice.tier > 1
        ? [`Still not acknowledged: escalated to tier ${notice.tier}.`, '']
        : [];
  return {
    subject: `[SpanWatch] ${headline(notice)}${alert.severity}: ${alert.type} on ${alert.bridge_name}`,
    text: [
      ...why,
      `Bridge: ${alert.bridge_name}`,
      `Alert: ${alert.type} (no. ${alert.id})`,
      `Severity: ${alert.severity}`,
      `Measured against its trigger: ${alert.message}`,
      `Raised: ${raised}`,
      '',
      `Acknowledge it with a comment (after signing in): ${notice.acknowledgeUrl}`,
      `The alert, its actions and who was told: ${alertPageLink(publicUrl, alert.id)}`,
      `The bridge's dashboard: ${dashboardLink(publicUrl, alert.bridge)}`,
      '',
      'You receive this because you can see this bridge in SpanWatch or its alerts are routed to you.',
    ].join('\n'),
  };
}
