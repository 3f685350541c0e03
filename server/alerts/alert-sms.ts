import type { Schemas } from '../contract-types.ts';
import { alertPageLink } from './alert-email.ts';

/** Only these reach a phone: a text at 3 a.m. must be worth waking for. */
export const SMS_SEVERITIES: ReadonlySet<string> = new Set(['Critical', 'High']);

/**
 * One text, short enough to read on a lock screen: why it comes (escalated or a reminder), the
 * severity, the alert, the bridge, the value against its trigger (the alert's message states
 * both) and the link to the alert's page, which every recipient may open (decision 080).
 */
export function alertSms(
  alert: Schemas['Alert'],
  publicUrl: string,
  notice: { tier: number; reminder: number },
): string {
  const why =
    notice.reminder > 0
      ? `Reminder ${notice.reminder}, unacknowledged: `
      : notice.tier > 1
        ? `Escalated (tier ${notice.tier}), unacknowledged: `
        : '';
  return [
    `SpanWatch ${why}${alert.severity} ${alert.type} on ${alert.bridge_name} (alert ${alert.id}).`,
    alert.message,
    alertPageLink(publicUrl, alert.id),
  ].join('\n');
}
