import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { measureJob } from '../ops/metrics.ts';
import { createDeliveryLog } from './alert-deliveries.ts';
import { createAlertQueue } from './alert-queue.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import type { AlertNotifier } from './email-notifier.ts';
import { leaseMsOf } from './claim-lease.ts';
import { DEFAULT_ALERT_DELIVERY } from '../config/setting-defaults.ts';
import { createEmailSender, type EmailSettings } from './email-sender.ts';
import { createEscalation } from './escalation.ts';
import { DEFAULT_ESCALATION, type EscalationPolicy } from './escalation-policy.ts';

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

/**
 * One job per alert and deadline: pg-boss inserts a job whose id exists already as nothing, so
 * two processes scheduling the same look (a restart, a retried job) make one job.
 */
const escalationJobId = (alertId: number, at: Date): string => {
  const hex = createHash('sha256')
    .update(`alert-escalation:${alertId}:${at.getTime()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

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
  /** When unacknowledged alerts escalate and are repeated (default DEFAULT_ESCALATION). */
  escalation?: EscalationPolicy;
}): QueuedEmailNotifier {
  const { database, settings, log } = options;
  const deliveries = createDeliveryLog(database.db);
  const sender = createEmailSender(settings, deliveries, options.repository, EMAIL_BATCH);
  const timeoutSeconds = settings.timeoutSeconds ?? DEFAULT_ALERT_DELIVERY.sendTimeoutSeconds;
  const queue = createAlertQueue(
    database,
    EMAIL_QUEUE,
    {
      retryLimit: options.retryLimit ?? DEFAULT_ALERT_DELIVERY.retryLimit,
      retryDelaySeconds: options.retryDelaySeconds ?? DEFAULT_ALERT_DELIVERY.retryDelaySeconds,
      // A dead worker's job comes back after this, once its claim on the row has run out.
      expireInSeconds: Math.ceil(leaseMsOf(timeoutSeconds) / 1000 + timeoutSeconds),
    },
    log,
  );
  const escalation = createEscalation(database.db, deliveries, {
    policy: options.escalation ?? DEFAULT_ESCALATION,
    channel: 'email',
    publicUrl: settings.publicUrl,
  });
  let escalationQueue: Promise<void> | null = null;
  const escalationReady = () =>
    (escalationQueue ??= (async () => {
      await queue.ready();
      if (await queue.boss.getQueue(ESCALATION_QUEUE)) return;
      await queue.boss
        .createQueue(ESCALATION_QUEUE, {
          name: ESCALATION_QUEUE,
          policy: 'standard',
          retryLimit: 8,
          retryDelay: 5,
          retryBackoff: true,
        })
        .catch(async (error: unknown) => {
          if (!(await queue.boss.getQueue(ESCALATION_QUEUE))) throw error;
        });
    })());
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
    // A row held by its recipient's quiet hours waits in the queue until they end (decision 050).
    const holds = await deliveries.holds(ids);
    // One statement for a raise's many notifications: one each kept the planning of a burst
    // seconds behind its alerts (bench:notify).
    await queue.boss.insert(
      ids.map((deliveryId) => {
        const startAfter = holds.get(deliveryId);
        return {
          name: EMAIL_QUEUE,
          data: { deliveryId },
          singletonKey: String(deliveryId),
          ...(startAfter ? { startAfter } : {}),
        };
      }),
    );
  };

  /** The alert's next look at its deadline, run by whichever worker takes the job then. */
  const scheduleNext = async (alertId: number, now: Date) => {
    const at = await escalation.nextDeadline(alertId, now);
    if (!at) return;
    await escalationReady();
    await queue.boss.send(
      ESCALATION_QUEUE,
      { alertId, at: at.getTime() },
      { id: escalationJobId(alertId, at), startAfter: at },
    );
  };
  const scheduleAll = async (alertIds: number[], now: Date) => {
    for (const alertId of alertIds) await scheduleNext(alertId, now);
  };

  /** One job of a batch: its failure fails it alone, retried after pg-boss's backoff. */
  const sendJob = async (job: PgBoss.JobWithMetadata<{ deliveryId: number }>) => {
    try {
      const result = await measureJob(EMAIL_QUEUE, () =>
        sender.send(job.data.deliveryId, () => job.retryCount >= job.retryLimit),
      );
      // A maintenance window grew over it: queued again for the window's new end.
      if (result === 'held') await queueAll([job.data.deliveryId]);
    } catch (error: unknown) {
      await queue.boss.fail(EMAIL_QUEUE, job.id, { message: String(error) });
    }
  };

  return {
    enqueue(alertIds) {
      if (alertIds.length === 0) return;
      const notices = alertIds.map((alertId) => ({ alertId, tier: 1, reminder: 0 }));
      track(
        deliveries
          .plan(notices, 'email', settings.publicUrl)
          .then(queueAll)
          .then(() => scheduleAll(alertIds, new Date())),
      );
    },
    async deliverPending() {
      await queueAll((await deliveries.pending('email')).map((row) => row.id));
      // Deadlines passed while no process ran are looked at now; the others are scheduled.
      const now = new Date();
      await queueAll(await escalation.plan(now));
      await scheduleAll(await escalation.activeAlertIds(), now);
    },
    async work() {
      await queue.ready();
      let workerId = '';
      workerId = await queue.boss.work<{ deliveryId: number }>(
        EMAIL_QUEUE,
        { batchSize: EMAIL_BATCH, pollingIntervalSeconds: 1, includeMetadata: true },
        async (jobs) => {
          await Promise.all(jobs.map(sendJob));
          // pg-boss waits its polling interval after each fetch: a full batch means more are
          // waiting, so the next is fetched at once.
          if (jobs.length === EMAIL_BATCH && workerId) queue.boss.notifyWorker(workerId);
        },
      );
      await escalationReady();
      await queue.boss.work<{ alertId: number; at: number }>(
        ESCALATION_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return;
          // The deadline itself, should this clock run a little behind the database's.
          const now = new Date(Math.max(Date.now(), job.data.at));
          await measureJob(ESCALATION_QUEUE, async () => {
            await queueAll(await escalation.plan(now, [job.data.alertId]));
            await scheduleNext(job.data.alertId, now);
          });
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
