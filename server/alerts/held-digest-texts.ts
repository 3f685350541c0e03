import type { Schemas } from '../contract-types.ts';
import { type AlertEmail, alertPageLink, dashboardLink } from './alert-email.ts';
import type { HeldDigest } from './claim-delivery.ts';

const SEVERITY_ORDER = ['Critical', 'High', 'Medium', 'Low'];
const rank = (severity: string) => {
  const at = SEVERITY_ORDER.indexOf(severity);
  return at === -1 ? SEVERITY_ORDER.length : at;
};
const utc = (at: Date | string): string =>
  `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The identity of the message telling one person on one channel what their quiet hours held
 * until one end: the same on every try, so a resend carries the same Message-ID.
 */
export const heldDigestKey = (digest: Pick<HeldDigest, 'userId' | 'channel' | 'heldUntil'>) =>
  `held.user-${digest.userId}.${digest.channel}.until-${Math.floor(digest.heldUntil.getTime() / 1000)}`;

/** One alert of the digest, with every notice of it that was held (raise, reminders, actions). */
interface HeldAlert {
  alert: Schemas['Alert'];
  notices: string[];
  /** The first held notice's key: its acknowledge link's single-use nonce. */
  nonce: string;
}

/** What a held row asked or told: the raise, a reminder, an escalation, an overdue action. */
function noticeOf(told: HeldDigest['told'][number]): string {
  const { delivery, action, nowWith } = told;
  if (action) {
    return `overdue action: ${action.text} (owner ${action.ownerName}, due ${utc(action.dueAt)})`;
  }
  if (delivery.escalatedTo !== null) {
    const who = nowWith && nowWith.length > 0 ? `, now with ${nowWith.join(', ')}` : '';
    return `gone on, unacknowledged, to tier ${delivery.escalatedTo}${who}`;
  }
  if (delivery.reminder > 0) return `reminder ${delivery.reminder}, still unacknowledged`;
  return delivery.tier > 1 ? `escalated to you (tier ${delivery.tier})` : 'raised';
}

/** The digest's alerts, most severe first, each once. */
function heldAlerts(digest: HeldDigest): HeldAlert[] {
  const byAlert = new Map<number, HeldAlert>();
  for (const told of digest.told) {
    const entry = byAlert.get(told.alert.id) ?? {
      alert: told.alert,
      notices: [],
      nonce: told.delivery.idempotencyKey,
    };
    entry.notices.push(noticeOf(told));
    byAlert.set(told.alert.id, entry);
  }
  return [...byAlert.values()].sort(
    (a, b) => rank(a.alert.severity) - rank(b.alert.severity) || a.alert.id - b.alert.id,
  );
}

const leftOutLine = (leftOut: number): string[] =>
  leftOut === 0
    ? []
    : [
        leftOut === 1
          ? '1 more alert held for you was answered meanwhile (acknowledged, cleared or its action done) and is not listed.'
          : `${leftOut} more alerts held for you were answered meanwhile (acknowledged, cleared or their action done) and are not listed.`,
      ];

/**
 * The one email of what a person's quiet hours held (decision 065 (g)): each alert still open,
 * once, with what was held of it, its value against its trigger, when it was raised, its own
 * acknowledge link and its page; those answered meanwhile are left out and counted.
 */
export function heldDigestEmail(
  digest: HeldDigest,
  publicUrl: string,
  acknowledgeUrl: (alertId: number, nonce: string) => string,
): AlertEmail {
  const held = heldAlerts(digest);
  const highest = held[0]?.alert.severity ?? '';
  const count = held.length === 1 ? '1 alert' : `${held.length} alerts`;
  return {
    subject: `[SpanWatch] ${count} held during your quiet hours, still open (highest: ${highest})`,
    text: [
      `Your quiet hours held these until ${utc(digest.heldUntil)}. They are still open; each is listed once.`,
      '',
      ...held.flatMap(({ alert, notices, nonce }, at) => [
        `${at + 1}. ${alert.severity}: ${alert.type} on ${alert.bridge_name} (no. ${alert.id})`,
        `   Measured against its trigger: ${alert.message}`,
        `   Raised: ${utc(alert.raised_at)}`,
        `   Held for you: ${notices.join('; ')}`,
        `   Acknowledge it with a comment (after signing in): ${acknowledgeUrl(alert.id, nonce)}`,
        `   The alert, its actions and who was told: ${alertPageLink(publicUrl, alert.id)}`,
        `   The bridge's dashboard: ${dashboardLink(publicUrl, alert.bridge)}`,
        '',
      ]),
      ...leftOutLine(digest.leftOut),
      '',
      'You receive this because you can see these bridges in SpanWatch or their alerts are routed to you.',
    ].join('\n'),
  };
}

/** The one text of what a person's quiet hours held: each alert still open, once, and its page. */
export function heldDigestSms(digest: HeldDigest, publicUrl: string): string {
  const held = heldAlerts(digest);
  return [
    `SpanWatch: ${held.length === 1 ? '1 alert' : `${held.length} alerts`} held during your quiet hours, still open:`,
    ...held.map(
      ({ alert }) =>
        `${alert.severity} ${alert.type} on ${alert.bridge_name} (alert ${alert.id}) ${alertPageLink(publicUrl, alert.id)}`,
    ),
    ...(digest.leftOut > 0 ? [`${digest.leftOut} more answered meanwhile, not listed.`] : []),
  ].join('\n');
}
