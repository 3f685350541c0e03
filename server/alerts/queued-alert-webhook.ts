import type { Database } from '../db/client.ts';
import { measureJob } from '../ops/metrics.ts';
import {
  ATTEMPT_TIMEOUT_MS,
  type AlertWebhook,
  markDelivered,
  postAlert,
  undeliveredAlertIds,
} from './alert-webhook.ts';
import { createAlertQueue } from './alert-queue.ts';
import type { AlertsRepository } from './alerts-repository.ts';

export const WEBHOOK_QUEUE = 'alert-webhook';

export interface QueuedAlertWebhook extends AlertWebhook {
  /** Makes this process deliver queued alerts (the worker role). */
  work(): Promise<void>;
}

/**
 * The alert webhook on PostgreSQL: each new alert is a pg-boss job, delivered by any worker
 * process, retried by pg-boss with exponential backoff (1 s, 2 s, 4 s, 8 s) instead of a loop
 * held in one process's memory, so a worker that stops or dies hands its deliveries on.
 * A singleton key per alert keeps one job per alert waiting.
 */
export function createQueuedAlertWebhook(options: {
  database: Database;
  repository: AlertsRepository;
  url: string;
  log: (message: string) => void;
  retryLimit?: number;
  retryDelaySeconds?: number;
}): QueuedAlertWebhook {
  const { database, repository, url, log } = options;
  const queue = createAlertQueue(
    database,
    WEBHOOK_QUEUE,
    { retryLimit: options.retryLimit ?? 4, retryDelaySeconds: options.retryDelaySeconds ?? 1 },
    log,
  );
  const { boss, ready } = queue;
  const sending = new Set<Promise<unknown>>();

  async function deliver(alertId: number): Promise<void> {
    const [alert] = await repository.findDtos([alertId]);
    if (!alert) return;
    const failure = await postAlert(
      url,
      JSON.stringify({ event: 'raised', ...alert }),
      ATTEMPT_TIMEOUT_MS,
    );
    // Thrown, the job fails and pg-boss retries it after its backoff.
    if (failure !== null) throw new Error(`Alert ${alertId}: webhook failed (${failure})`);
    await markDelivered(database.db, alertId);
  }

  const enqueue = (alertIds: number[]) => {
    for (const alertId of alertIds) {
      const sent = ready()
        .then(() => boss.send(WEBHOOK_QUEUE, { alertId }, { singletonKey: String(alertId) }))
        .catch((error: unknown) => log(`Alert ${alertId}: could not queue the webhook: ${error}`))
        .finally(() => sending.delete(sent));
      sending.add(sent);
    }
  };

  return {
    enqueue,
    async deliverPending() {
      enqueue(await undeliveredAlertIds(database.db));
    },
    async work() {
      await ready();
      await boss.work<{ alertId: number }>(
        WEBHOOK_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await measureJob(WEBHOOK_QUEUE, () => deliver(job.data.alertId));
        },
      );
    },
    async idle() {
      await Promise.all(sending);
    },
    async stop() {
      await Promise.all(sending);
      await queue.stop();
    },
  };
}
