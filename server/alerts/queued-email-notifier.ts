import type { Database } from '../db/client.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import { DEFAULT_ALERT_DELIVERY } from '../config/setting-defaults.ts';
import { createEmailSender, type EmailSettings } from './email-sender.ts';
import type { EscalationPolicy } from './escalation-policy.ts';
import { createQueuedChannelNotifier, type QueuedNotifier } from './queued-channel-notifier.ts';

export const EMAIL_QUEUE = 'alert-email';
export const ESCALATION_QUEUE = 'alert-escalation';
/**
 * Emails one worker takes from the queue at a time and sends at once, each on an SMTP connection
 * of its own that is kept for the next batch. With one a fetch, pg-boss's pause of its polling
 * interval after each fetch held a worker to one email a second (bench:notify: 180 of 3,000
 * messages sent 2 minutes after the last alert). Bounded: each send's queries take a connection
 * of the database pool (10) that serves the API too.
 */
export const EMAIL_BATCH = 10;

export type QueuedEmailNotifier = QueuedNotifier;

/**
 * Alert emails on PostgreSQL through pg-boss (queued-channel-notifier.ts); a resend after a dead
 * worker carries the same Message-ID.
 */
export function createQueuedEmailNotifier(options: {
  database: Database;
  repository: Pick<AlertsRepository, 'findDtos'>;
  settings: EmailSettings;
  log: (message: string) => void;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** When unacknowledged alerts escalate and are repeated (default DEFAULT_ESCALATION). */
  escalation?: EscalationPolicy;
}): QueuedEmailNotifier {
  const { settings } = options;
  return createQueuedChannelNotifier({
    ...options,
    channel: 'email',
    queueName: EMAIL_QUEUE,
    escalationQueueName: ESCALATION_QUEUE,
    sender: (deliveries) =>
      createEmailSender(settings, deliveries, options.repository, EMAIL_BATCH),
    publicUrl: settings.publicUrl,
    batchSize: EMAIL_BATCH,
    timeoutSeconds: settings.timeoutSeconds ?? DEFAULT_ALERT_DELIVERY.sendTimeoutSeconds,
  });
}
