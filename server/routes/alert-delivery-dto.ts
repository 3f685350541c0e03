import type { LoggedDelivery } from '../alerts/alert-deliveries.ts';
import type { Schemas } from '../contract-types.ts';
import type { Viewer } from '../repositories/visibility.ts';

/** A delivery in the contract's shape; another user's address is for staff's eyes only. */
export function alertDeliveryDto(
  { row, username }: LoggedDelivery,
  viewer: Viewer,
): Schemas['AlertDelivery'] {
  const own = row.userId === viewer.id;
  return {
    id: row.id,
    alert: row.alertId,
    channel: row.channel as Schemas['AlertDelivery']['channel'],
    tier: row.tier,
    reminder: row.reminder,
    recipient: row.userId !== null && username !== null ? { id: row.userId, username } : null,
    address: viewer.isStaff || own ? row.recipient : null,
    state: row.state as Schemas['AlertDelivery']['state'],
    attempts: row.attempts,
    message_id: row.messageId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    provider_answer: row.providerAnswer,
    last_error: row.lastError,
    held_until: row.holdUntil?.toISOString() ?? null,
    suppressed_by: row.suppressedBy,
    action: row.actionId,
    escalated_to: row.escalatedTo,
  };
}
