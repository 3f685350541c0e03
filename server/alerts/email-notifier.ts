import type { Db } from '../db/client.ts';
import { createDeliveryLog } from './alert-deliveries.ts';
import type { Notice } from './alert-audience.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import type { NotificationChannel } from './alert-email.ts';
import { createEmailSender, type EmailSender, type EmailSettings } from './email-sender.ts';
import { createEscalation } from './escalation.ts';
import { DEFAULT_ESCALATION, type EscalationPolicy } from './escalation-policy.ts';

/** An outlet of newly raised alerts beside the webhook: the people who should hear of them. */
export interface AlertNotifier {
  /** Plans and starts sending these newly raised alerts' notifications; never waits for them. */
  enqueue(alertIds: number[]): void;
  /** Plans and starts sending these notices (an overdue action's, decision 077); never waits. */
  enqueueNotices(notices: readonly Notice[]): void;
  /** Sends (or queues) every planned notification not yet sent. */
  deliverPending(): Promise<void>;
  /** Resolves once nothing is being planned or sent by this process (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmailNotifierOptions {
  db: Db;
  repository: Pick<AlertsRepository, 'findDtos'>;
  settings: EmailSettings;
  log: (message: string) => void;
  /** Seconds between two passes over what is still unsent (default 30). */
  retrySeconds?: number;
  /** Attempts before a notification is given up as failed (default 40: 20 minutes at 30 s). */
  maxAttempts?: number;
  /** When unacknowledged alerts escalate and are repeated (default DEFAULT_ESCALATION). */
  escalation?: EscalationPolicy;
}

/** A channel's sending side for the sweeping notifier: what to send through, and its name. */
export interface ChannelNotifierOptions {
  db: Db;
  channel: NotificationChannel;
  sender: EmailSender;
  publicUrl: string;
  log: (message: string) => void;
  retrySeconds?: number;
  maxAttempts?: number;
  escalation?: EscalationPolicy;
}

/**
 * Alert emails on the embedded database, whose one process has no pg-boss: each planned
 * notification is a row of the delivery log, sent at once and, after a failure, by the next pass
 * over the unsent rows (every `retrySeconds`), so an SMTP outage delays mail and loses none.
 * The same pass plans the escalations and reminders that have come due, so they go out at most
 * `retrySeconds` after their deadline, and sends what quiet hours held once they have ended.
 */
export function createEmailNotifier(options: EmailNotifierOptions): AlertNotifier {
  const deliveries = createDeliveryLog(options.db);
  return createChannelNotifier({
    ...options,
    channel: 'email',
    sender: createEmailSender(options.settings, deliveries, options.repository),
    publicUrl: options.settings.publicUrl,
  });
}

/** The sweeping notifier of one channel (email, SMS): see createEmailNotifier. */
export function createChannelNotifier(options: ChannelNotifierOptions): AlertNotifier {
  const { log, channel, sender, publicUrl } = options;
  const deliveries = createDeliveryLog(options.db);
  const maxAttempts = options.maxAttempts ?? 40;
  const escalation = createEscalation(options.db, deliveries, {
    policy: options.escalation ?? DEFAULT_ESCALATION,
    channel,
    publicUrl,
  });
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;

  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => log(`Alert ${channel}: ${String(error)}`))
      .finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };
  const sendAll = (ids: number[]) => {
    for (const id of ids) {
      if (!stopped) track(sender.send(id, (attempts) => attempts >= maxAttempts));
    }
  };
  const deliverPending = async () => {
    if (stopped) return;
    const now = new Date();
    await escalation.plan(now);
    // A row held by its recipient's quiet hours is left for the first pass after they end.
    const due = (await deliveries.pending(channel)).filter(
      (row) => row.holdUntil === null || row.holdUntil <= now,
    );
    sendAll(due.map((row) => row.id));
  };
  const enqueueNotices = (notices: readonly Notice[]) => {
    if (stopped || notices.length === 0) return;
    track(deliveries.plan(notices, channel, publicUrl).then(sendAll));
  };
  const sweep = setInterval(() => track(deliverPending()), (options.retrySeconds ?? 30) * 1000);
  sweep.unref();

  return {
    enqueue(alertIds) {
      enqueueNotices(alertIds.map((alertId) => ({ alertId, tier: 1, reminder: 0 })));
    },
    enqueueNotices,
    deliverPending,
    async idle() {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      while (inFlight.size > 0) await Promise.all(inFlight);
      sender.close();
    },
  };
}
