import type { Database } from '../db/client.ts';
import { measureJob } from '../ops/metrics.ts';
import {
  ATTEMPT_TIMEOUT_MS,
  type AlertWebhook,
  markDelivered,
  postAlert,
  undeliveredAlertIds,
} from './alert-webhook.ts';
import { createAlertQueue, stableJobId } from './alert-queue.ts';
import { markWebhookEscalated } from './alert-store.ts';
import { escalationBody } from './webhook-escalations.ts';
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

  /** A raise (no tier) or an escalation to `tier`. */
  async function deliver(alertId: number, tier?: number): Promise<void> {
    const [alert] = await repository.findDtos([alertId]);
    if (!alert) return;
    const body =
      tier === undefined
        ? JSON.stringify({ event: 'raised', ...alert })
        : escalationBody(alert, tier);
    const failure = await postAlert(url, body, ATTEMPT_TIMEOUT_MS);
    // Thrown, the job fails and pg-boss retries it after its backoff.
    if (failure !== null) throw new Error(`Alert ${alertId}: webhook failed (${failure})`);
    if (tier === undefined) await markDelivered(database.db, alertId);
    else await markWebhookEscalated(database.db, alertId, tier);
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
    escalated(steps) {
      for (const { alertId, tier } of steps) {
        // One job per alert and tier whichever process's look finds it first: pg-boss inserts a
        // job whose id exists already as nothing.
        const id = stableJobId(`${WEBHOOK_QUEUE}:${alertId}:tier-${tier}`);
        const sent = ready()
          .then(() => boss.send(WEBHOOK_QUEUE, { alertId, tier }, { id }))
          .catch((error: unknown) => log(`Alert ${alertId}: could not queue the webhook: ${error}`))
          .finally(() => sending.delete(sent));
        sending.add(sent);
      }
    },
    async deliverPending() {
      enqueue(await undeliveredAlertIds(database.db));
    },
    async work() {
      await ready();
      await boss.work<{ alertId: number; tier?: number }>(
        WEBHOOK_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) {
            await measureJob(WEBHOOK_QUEUE, () => deliver(job.data.alertId, job.data.tier));
          }
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
