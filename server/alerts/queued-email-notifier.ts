import type { Database } from '../db/client.ts';
import { measureJob } from '../ops/metrics.ts';
import { createDeliveryLog } from './alert-deliveries.ts';
import { createAlertQueue } from './alert-queue.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import type { AlertNotifier } from './email-notifier.ts';
import { CLAIM_LEASE_MS, createEmailSender, type EmailSettings } from './email-sender.ts';

export const EMAIL_QUEUE = 'alert-email';

export interface QueuedEmailNotifier extends AlertNotifier {
  /** Makes this process send queued emails (the worker role). */
  work(): Promise<void>;
}

/**
 * Alert emails on PostgreSQL: each planned notification (a row of the delivery log) is a pg-boss
 * job, sent by any worker and retried by pg-boss with exponential backoff (by default 5 s
 * doubling over 8 retries: about 21 minutes of outage). The job's singleton key is the delivery,
 * and the row's claim keeps two workers from sending it at once; a worker that dies mid-send
 * leaves the claim to run out, and the retry sends it again with the same Message-ID.
 */
export function createQueuedEmailNotifier(options: {
  database: Database;
  repository: Pick<AlertsRepository, 'findDtos'>;
  settings: EmailSettings;
  log: (message: string) => void;
  retryLimit?: number;
  retryDelaySeconds?: number;
}): QueuedEmailNotifier {
  const { database, settings, log } = options;
  const deliveries = createDeliveryLog(database.db);
  const sender = createEmailSender(settings, deliveries, options.repository);
  const queue = createAlertQueue(
    database,
    EMAIL_QUEUE,
    {
      retryLimit: options.retryLimit ?? 8,
      retryDelaySeconds: options.retryDelaySeconds ?? 5,
      // A dead worker's job comes back after this, once its claim on the row has run out.
      expireInSeconds: CLAIM_LEASE_MS / 1000 + 30,
    },
    log,
  );
  const sending = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => log(`Alert email: could not queue: ${String(error)}`))
      .finally(() => sending.delete(tracked));
    sending.add(tracked);
  };
  const queueAll = async (ids: number[]) => {
    if (ids.length === 0) return;
    await queue.ready();
    for (const deliveryId of ids) {
      await queue.boss.send(EMAIL_QUEUE, { deliveryId }, { singletonKey: String(deliveryId) });
    }
  };

  return {
    enqueue(alertIds) {
      if (alertIds.length === 0) return;
      track(deliveries.plan(alertIds, 1, 'email', settings.publicUrl).then(queueAll));
    },
    async deliverPending() {
      await queueAll((await deliveries.pending()).map((row) => row.id));
    },
    async work() {
      await queue.ready();
      await queue.boss.work<{ deliveryId: number }>(
        EMAIL_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          // Thrown, the job fails and pg-boss retries it after its backoff.
          await measureJob(EMAIL_QUEUE, () =>
            sender.send(job.data.deliveryId, () => job.retryCount >= job.retryLimit),
          );
        },
      );
    },
    async idle() {
      while (sending.size > 0) await Promise.all(sending);
    },
    async stop() {
      while (sending.size > 0) await Promise.all(sending);
      await queue.stop();
      sender.close();
    },
  };
}
