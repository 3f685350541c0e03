import { useQuery } from '@tanstack/react-query';
import { countOf } from '../../../domain/formats';
import { useApi } from '../../api/api-context';
import { type AlertDelivery, alertDeliveriesQueryOptions } from '../../api/queries/alerts';
import { When } from './when';

/** Which notice it was, beside the first one of tier 1: an escalation, a reminder or an overdue action's. */
const noticeOf = ({ tier, reminder, action, escalated_to }: AlertDelivery): string => {
  if (action !== null && action !== undefined) return ` (an overdue action, tier ${tier})`;
  // Told, at their own tier, that it went on unanswered to the next (decision 080 (d)).
  if (escalated_to !== null && escalated_to !== undefined) {
    return ` (told it went on to tier ${escalated_to})`;
  }
  if (reminder > 0) return ` (reminder ${reminder}, tier ${tier})`;
  return tier > 1 ? ` (escalated, tier ${tier})` : '';
};

function Delivery({ delivery }: { delivery: AlertDelivery }) {
  const who = `${delivery.recipient?.username ?? delivery.address ?? 'a removed user'}${noticeOf(delivery)}`;
  if (delivery.state === 'sent' && delivery.sent_at) {
    return (
      <>
        {who} by {delivery.channel}, <When iso={delivery.sent_at} />
      </>
    );
  }
  // Held by the recipient's own quiet hours (decision 050) or by maintenance works on what the
  // alert is about (decision 055): sent when they end.
  if (delivery.state === 'pending' && delivery.held_until && delivery.attempts === 0) {
    const heldBy = delivery.suppressed_by
      ? `maintenance (${delivery.suppressed_by.replace(/^Suppressed by maintenance: /, '')})`
      : 'quiet hours';
    return (
      <>
        {who} by {delivery.channel}, held by {heldBy} until <When iso={delivery.held_until} />
      </>
    );
  }
  const tries = countOf(delivery.attempts, 'try', 'tries');
  const state =
    delivery.state === 'failed'
      ? `failed after ${tries}`
      : delivery.state === 'cancelled'
        ? delivery.action === null || delivery.action === undefined
          ? 'not sent: the alert was answered first'
          : 'not sent: the action was done or the alert cleared first'
        : `waiting (${tries} so far)`;
  return (
    <>
      {who} by {delivery.channel}, {state}
    </>
  );
}

/** The alert dialog's "Notified" line: who was told, how and when (the delivery log). */
export function AlertNotified({ alertId }: { alertId: number }) {
  const api = useApi();
  const { data, isError } = useQuery(alertDeliveriesQueryOptions(api, alertId));
  if (isError) return <>Not known (the delivery log could not be read)</>;
  if (!data) return <>…</>;
  if (data.length === 0) return <>No one (no email is configured, or no one sees this bridge)</>;
  return (
    <ul aria-label="Notified">
      {data.map((delivery) => (
        <li key={delivery.id}>
          <Delivery delivery={delivery} />
        </li>
      ))}
    </ul>
  );
}
