import type { Schemas } from '../contract-types.ts';
import type { AlertActionRow } from './alert-deliveries.ts';
import { type AlertEmail, alertPageLink } from './alert-email.ts';

const utc = (at: Date): string => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Which notice of the action this is: the tier it reached, and its reminder number (0: none). */
export interface ActionNoticeStep {
  tier: number;
  reminder: number;
}

const headline = ({ tier, reminder }: ActionNoticeStep) =>
  reminder > 0 ? `Reminder ${reminder}: action still overdue` : `Action overdue (tier ${tier})`;

/**
 * The email of an action past its due time and not done (decision 077): the bridge, the alert,
 * the action, who owns it, when it was due, the tier it reached and where to tick it off; a
 * reminder says it is one, until the action is done.
 */
export function actionOverdueEmail(
  alert: Schemas['Alert'],
  action: AlertActionRow,
  publicUrl: string,
  step: ActionNoticeStep,
): AlertEmail {
  return {
    subject: `[SpanWatch] ${headline(step)}: ${action.text} on ${alert.bridge_name}`,
    text: [
      step.reminder > 0
        ? `Reminder ${step.reminder}: a required action is still past its due time and not done. Reminders go on until it is ticked off.`
        : `A required action is past its due time and not done: escalated to tier ${step.tier}.`,
      '',
      `Bridge: ${alert.bridge_name}`,
      `Alert: ${alert.type} (no. ${alert.id}), ${alert.severity}`,
      `Action (${action.level} level): ${action.text}`,
      `Owner: ${action.ownerName}`,
      `Due: ${utc(action.dueAt)}`,
      '',
      `Tick it off with a comment on the alert's page: ${alertPageLink(publicUrl, alert.id)}`,
      '',
      step.reminder > 0
        ? 'You receive this because you own this action or were told it is overdue.'
        : 'You receive this because you are at the next tier of this bridge’s alerts.',
    ].join('\n'),
  };
}

/** The text of an overdue action, short enough for a lock screen. */
export function actionOverdueSms(
  alert: Schemas['Alert'],
  action: AlertActionRow,
  publicUrl: string,
  step: ActionNoticeStep,
): string {
  return [
    `SpanWatch ${headline(step).toLowerCase()} on ${alert.bridge_name}, ${alert.type} (alert ${alert.id}):`,
    `${action.text}. Owner ${action.ownerName}, due ${utc(action.dueAt)}.`,
    alertPageLink(publicUrl, alert.id),
  ].join('\n');
}
