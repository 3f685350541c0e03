import type { Schemas } from '../contract-types.ts';
import { type AlertEmail, alertEmail, alertPageLink } from './alert-email.ts';

/**
 * The notice an earlier tier's person gets when the alert they were told of goes on to the next
 * tier unacknowledged (decision 080, 2026-12-02 (d)): the bridge, the alert, its severity, the
 * tier now notified and who is in it, and that they may still answer it.
 */
export interface HandoverNotice {
  /** The tier the recipient was told at. */
  tier: number;
  /** The tier now notified. */
  escalatedTo: number;
  /** The user names of the people now notified at that tier. */
  nowWith: readonly string[];
}

/** Shown names at most: a tier of platform staff may be long, and a text must stay short. */
const NAMES_SHOWN = 4;

/** "ana, ben and 3 more", or "its people" when the log has no name for them yet. */
export function namesOf(names: readonly string[]): string {
  if (names.length === 0) return 'its people';
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}

/** The email: the alert email's facts and links, headed by what has changed and for whom. */
export function handoverEmail(
  alert: Schemas['Alert'],
  publicUrl: string,
  notice: HandoverNotice & { acknowledgeUrl: string },
): AlertEmail {
  // The plain notice's body (tier 1: no "escalated to you" line of its own above it).
  const facts = alertEmail(alert, publicUrl, {
    tier: 1,
    reminder: 0,
    acknowledgeUrl: notice.acknowledgeUrl,
  });
  const who = namesOf(notice.nowWith);
  return {
    subject: `[SpanWatch] Escalated to tier ${notice.escalatedTo} (${who}), unacknowledged: ${alert.severity}: ${alert.type} on ${alert.bridge_name}`,
    text: [
      `Not acknowledged in time: this alert has gone on to tier ${notice.escalatedTo}, now notified: ${who}.`,
      `You were told of it at tier ${notice.tier}. You may still acknowledge it: the first acknowledgement stops the escalation and the reminders for everyone.`,
      '',
      facts.text,
    ].join('\n'),
  };
}

/** The text: one line of what changed, the value against its trigger, the alert's page. */
export function handoverSms(
  alert: Schemas['Alert'],
  publicUrl: string,
  notice: HandoverNotice,
): string {
  return [
    `SpanWatch: unacknowledged, escalated to tier ${notice.escalatedTo} (${namesOf(notice.nowWith)}): ${alert.severity} ${alert.type} on ${alert.bridge_name} (alert ${alert.id}).`,
    alert.message,
    alertPageLink(publicUrl, alert.id),
  ].join('\n');
}
