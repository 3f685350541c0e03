import type { Schemas } from '../contract-types.ts';
import type { AlertActionRow } from './alert-deliveries.ts';
import { type AlertEmail, dashboardLink } from './alert-email.ts';

const utc = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The email of an action past its due time and not done (decision 077): the bridge, the alert,
 * the action, who owns it, when it was due, the tier it reached and where to tick it off.
 */
export function actionOverdueEmail(
  alert: Schemas['Alert'],
  action: AlertActionRow,
  publicUrl: string,
  tier: number,
): AlertEmail {
  return {
    subject: `[SpanWatch] Action overdue (tier ${tier}): ${action.text} on ${alert.bridge_name}`,
    text: [
      `A required action is past its due time and not done: escalated to tier ${tier}.`,
      '',
      `Bridge: ${alert.bridge_name}`,
      `Alert: ${alert.type} (no. ${alert.id}), ${alert.severity}`,
      `Action (${action.level} level): ${action.text}`,
      `Owner: ${action.ownerName}`,
      `Due: ${utc(action.dueAt)}`,
      '',
      `Tick it off with a comment in the alert's details on the bridge's dashboard: ${dashboardLink(publicUrl, alert.bridge)}`,
      '',
      'You receive this because you are at the next tier of this bridge’s alerts.',
    ].join('\n'),
  };
}

/** The text of an overdue action, short enough for a lock screen. */
export function actionOverdueSms(
  alert: Schemas['Alert'],
  action: AlertActionRow,
  publicUrl: string,
  tier: number,
): string {
  return [
    `SpanWatch action overdue (tier ${tier}) on ${alert.bridge_name}, ${alert.type} (alert ${alert.id}):`,
    `${action.text}. Owner ${action.ownerName}, due ${utc(action.dueAt)}.`,
    dashboardLink(publicUrl, alert.bridge),
  ].join('\n');
}
