import type { DeliveryLog } from './alert-deliveries.ts';
import { messageIdOf } from './alert-email.ts';
import type { HeldDigest, Told } from './claim-delivery.ts';
import { heldDigestKey } from './held-digest-texts.ts';

/** One message to send: the log rows it stands for, where it goes and its Message-ID. */
export interface Outgoing {
  ids: number[];
  recipient: string;
  messageId: string;
  /** The most attempts of its rows, by which it is given up. */
  attempts: number;
}

/** A claimed row's message, or a quiet hours' digest's (one Message-ID on every try). */
export function outgoingOf(claimed: Told | { digest: HeldDigest }, publicUrl: string): Outgoing {
  if (!('digest' in claimed)) {
    const { delivery } = claimed;
    return {
      ids: [delivery.id],
      recipient: delivery.recipient,
      messageId: delivery.messageId,
      attempts: delivery.attempts,
    };
  }
  const rows = claimed.digest.told.map((told) => told.delivery);
  return {
    ids: rows.map((row) => row.id),
    recipient: rows[0]?.recipient ?? '',
    messageId: messageIdOf(heldDigestKey(claimed.digest), publicUrl),
    attempts: Math.max(...rows.map((row) => row.attempts)),
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends a claimed message once and logs its rows. Anything failing before the server or provider
 * accepts it (building it included) gives the rows back at once for the retry; once accepted
 * they are never given back, since a resend would be a second message (decision 065 (e)).
 */
export async function deliverClaimed(
  deliveries: DeliveryLog,
  outgoing: Outgoing,
  final: (attempts: number) => boolean,
  exchange: () => Promise<string>,
): Promise<'sent'> {
  let answer: string;
  try {
    answer = await exchange();
  } catch (error) {
    await deliveries.failed(outgoing.ids, messageOf(error), final(outgoing.attempts));
    throw error;
  }
  await deliveries.sent(outgoing.ids, answer, new Date(), outgoing.messageId);
  return 'sent';
}
