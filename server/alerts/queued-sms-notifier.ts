import type { Database } from '../db/client.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import { leaseMsOf } from './claim-lease.ts';
import type { EscalationPolicy } from './escalation-policy.ts';
import { createQueuedChannelNotifier, type QueuedNotifier } from './queued-channel-notifier.ts';
import { createSmsSender } from './sms-sender.ts';
import type { SmsProvider } from './sms-provider.ts';

export const SMS_QUEUE = 'alert-sms';
/** The texts' own escalation looks: the email's plan only the email rows. */
export const SMS_ESCALATION_QUEUE = 'alert-sms-escalation';
/** Texts a worker sends at once, as emails (each an HTTP request of its own). */
export const SMS_BATCH = 10;

/**
 * Alert texts on PostgreSQL through pg-boss, as emails go (decision 065): each planned text is a
 * job keyed by its delivery (alert, tier, recipient, channel, reminder), retried with the queue's
 * backoff, sent by the worker processes only.
 */
export function createQueuedSmsNotifier(options: {
  database: Database;
  repository: Pick<AlertsRepository, 'findDtos'>;
  provider: SmsProvider;
  publicUrl: string;
  log: (message: string) => void;
  timeoutSeconds: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  escalation?: EscalationPolicy;
}): QueuedNotifier {
  const { publicUrl, timeoutSeconds } = options;
  return createQueuedChannelNotifier({
    ...options,
    channel: 'sms',
    queueName: SMS_QUEUE,
    escalationQueueName: SMS_ESCALATION_QUEUE,
    sender: (deliveries) =>
      createSmsSender(
        options.provider,
        publicUrl,
        deliveries,
        options.repository,
        leaseMsOf(timeoutSeconds),
      ),
    batchSize: SMS_BATCH,
  });
}
