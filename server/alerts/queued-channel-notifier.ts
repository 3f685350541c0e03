import type PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { measureJob } from '../ops/metrics.ts';
import { createDeliveryLog, type DeliveryLog } from './alert-deliveries.ts';
import type { NotificationChannel } from './alert-email.ts';
import { createAlertQueue, stableJobId } from './alert-queue.ts';
import type { AlertNotifier } from './email-notifier.ts';
import type { Claimed } from './claim-delivery.ts';
import type { EmailSender } from './email-sender.ts';
import { leaseMsOf } from './claim-lease.ts';
import { DEFAULT_ALERT_DELIVERY } from '../config/setting-defaults.ts';
import { createEscalation } from './escalation.ts';
import { DEFAULT_ESCALATION, type EscalationPolicy } from './escalation-policy.ts';

/**
 * Escalation looks one worker takes a poll and plans together. One a poll held a worker to one
 * alert a second, so 50 alerts raised together (a storm over a fleet) reached tier 2 up to 50 s
 * late. Bounded: the batch's plan reads the alerts' people in a few queries and inserts at most
 * (alerts × recipients) rows in one statement; then one schedule per alert.
 */
export const ESCALATION_BATCH = 50;

/**
 * One job per queue, alert and deadline: pg-boss inserts a job whose id exists already as
 * nothing, so two processes scheduling the same look (a restart, a retried job) make one job.
 * The queue's name is part of it, so each channel's look is its own job; for the email queue the
 * id is the one it always was.
 */
const escalationJobId = (queueName: string, alertId: number, at: Date): string =>
  stableJobId(`${queueName}:${alertId}:${at.getTime()}`);

export interface QueuedNotifier extends AlertNotifier {
  /** Makes this process send queued notifications (the worker role). */
  work(): Promise<void>;
}

export interface QueuedChannelOptions {
  database: Database;
  channel: NotificationChannel;
  /** The pg-boss queue of the sends, and the one of the escalation looks. */
  queueName: string;
  escalationQueueName: string;
  /** The channel's sender, given the delivery log the notifier plans in. */
  sender: (deliveries: DeliveryLog) => EmailSender;
  publicUrl: string;
  /** Jobs a worker fetches and sends at once (each send its own connection). */
  batchSize: number;
  /** The longest one exchange with the SMTP server or SMS provider may take. */
  timeoutSeconds: number;
  log: (message: string) => void;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** When unacknowledged alerts escalate and are repeated (default DEFAULT_ESCALATION). */
  escalation?: EscalationPolicy;
}

/**
 * A channel's notifications on PostgreSQL: each planned notification (a row of the delivery
 * log, keyed by alert, tier, recipient, channel and reminder) is a pg-boss job, sent by any
 * worker and retried by pg-boss with exponential backoff (by default 5 s doubling over 8 retries:
 * about 21 minutes of outage). The job's singleton key is the delivery, and the row's claim keeps
 * two workers from sending it at once; a worker that dies mid-send leaves the claim to run out,
 * and the retry sends it again. Escalations are jobs at each alert's next deadline.
 */
export function createQueuedChannelNotifier(options: QueuedChannelOptions): QueuedNotifier {
  const { database, channel, publicUrl, log, batchSize } = options;
  const { queueName, escalationQueueName } = options;
  const deliveries = createDeliveryLog(database.db);
  const sender = options.sender(deliveries);
  const queue = createAlertQueue(
    database,
    queueName,
    {
      retryLimit: options.retryLimit ?? DEFAULT_ALERT_DELIVERY.retryLimit,
      retryDelaySeconds: options.retryDelaySeconds ?? DEFAULT_ALERT_DELIVERY.retryDelaySeconds,
      // A dead worker's job comes back after this, once its claim on the row has run out.
      expireInSeconds: Math.ceil(leaseMsOf(options.timeoutSeconds) / 1000 + options.timeoutSeconds),
    },
    log,
  );
  const escalation = createEscalation(database.db, deliveries, {
    policy: options.escalation ?? DEFAULT_ESCALATION,
    channel,
    publicUrl,
  });
  let escalationQueue: Promise<void> | null = null;
  const escalationReady = () =>
    (escalationQueue ??= (async () => {
      await queue.ready();
      if (await queue.boss.getQueue(escalationQueueName)) return;
      await queue.boss
        .createQueue(escalationQueueName, {
          name: escalationQueueName,
          policy: 'standard',
          retryLimit: 8,
          retryDelay: 5,
          retryBackoff: true,
        })
        .catch(async (error: unknown) => {
          if (!(await queue.boss.getQueue(escalationQueueName))) throw error;
        });
    })());
  const sending = new Set<Promise<unknown>>();

  const track = (work: Promise<unknown>) => {
    const tracked = work
      .catch((error: unknown) => log(`Alert ${channel}: could not queue: ${String(error)}`))
      .finally(() => sending.delete(tracked));
    sending.add(tracked);
  };
  const queueAll = async (ids: number[]) => {
    if (ids.length === 0) return;
    await queue.ready();
    // A row held by its recipient's quiet hours waits in the queue until they end (decision 050).
    // Those asked to answer go before those told it went on past them (decision 080 (d)): a
    // storm's escalation doubles the messages, and pg-boss fetches by priority first.
    const facts = await deliveries.queueing(ids);
    // One statement for a raise's many notifications: one each kept the planning of a burst
    // seconds behind its alerts (bench:notify).
    await queue.boss.insert(
      ids.map((deliveryId) => {
        const fact = facts.get(deliveryId);
        return {
          name: queueName,
          data: { deliveryId },
          singletonKey: String(deliveryId),
          ...(fact?.holdUntil ? { startAfter: fact.holdUntil } : {}),
          ...(fact?.handover ? { priority: -1 } : {}),
        };
      }),
    );
  };

  /**
   * The alerts' next looks at their deadlines, run by whichever worker takes each job then: one
   * query for the deadlines and one insert for the jobs (one of each per alert held a burst's
   * raises behind each other on the server's pool).
   */
  const scheduleAll = async (alertIds: readonly number[], now: Date) => {
    const deadlines = await escalation.nextDeadlines(alertIds, now);
    if (deadlines.size === 0) return;
    await escalationReady();
    await queue.boss.insert(
      [...deadlines].map(([alertId, at]) => ({
        name: escalationQueueName,
        data: { alertId, at: at.getTime() },
        id: escalationJobId(escalationQueueName, alertId, at),
        startAfter: at,
      })),
    );
  };

  /** One job of a batch: its failure fails it alone, retried after pg-boss's backoff. */
  const sendJob = async (job: PgBoss.JobWithMetadata<{ deliveryId: number }>, claimed: Claimed) => {
    try {
      const result = await measureJob(queueName, () =>
        sender.send(job.data.deliveryId, () => job.retryCount >= job.retryLimit, claimed),
      );
      // A maintenance window grew over it: queued again for the window's new end.
      if (result === 'held') await queueAll([job.data.deliveryId]);
    } catch (error: unknown) {
      await queue.boss.fail(queueName, job.id, { message: String(error) });
    }
  };

  /** Plans the due looks of a fetched batch together and schedules each alert's next one. */
  const escalate = async (jobs: PgBoss.Job<{ alertId: number; at: number }>[]) => {
    // Every job fetched is due; its latest deadline, should this clock run a little behind the
    // database's, is a moment all of them have reached.
    const now = new Date(Math.max(Date.now(), ...jobs.map((job) => job.data.at)));
    const alertIds = [...new Set(jobs.map((job) => job.data.alertId))];
    await measureJob(escalationQueueName, async () => {
      await queueAll(await escalation.plan(now, alertIds));
      await scheduleAll(alertIds, now);
    });
  };

  return {
    enqueue(alertIds) {
      if (alertIds.length === 0) return;
      const notices = alertIds.map((alertId) => ({ alertId, tier: 1, reminder: 0 }));
      track(
        deliveries
          .plan(notices, channel, publicUrl)
          .then(queueAll)
          .then(() => scheduleAll(alertIds, new Date())),
      );
    },
    enqueueNotices(notices) {
      if (notices.length === 0) return;
      track(deliveries.plan(notices, channel, publicUrl).then(queueAll));
    },
    async deliverPending() {
      await queueAll((await deliveries.pending(channel)).map((row) => row.id));
      // Deadlines passed while no process ran are looked at now; the others are scheduled.
      const now = new Date();
      await queueAll(await escalation.plan(now));
      await scheduleAll(await escalation.activeAlertIds(), now);
    },
    async work() {
      await queue.ready();
      // pg-boss waits its polling interval after each fetch: a full batch means more are
      // waiting, so the next is fetched at once.
      let sendWorker = '';
      sendWorker = await queue.boss.work<{ deliveryId: number }>(
        queueName,
        { batchSize, pollingIntervalSeconds: 1, includeMetadata: true },
        async (jobs) => {
          // The batch is claimed in a few statements, then sent side by side: a claim of its own
          // per job (five statements on the pool of five) held each batch to its slowest claim.
          // Should the claim itself fail, it gives back what it took and pg-boss fails the
          // batch's jobs, whose retry finds the rows free (decision 065, 2026-12-03 (e)).
          const claims = await sender.claimAll(jobs.map((job) => job.data.deliveryId));
          // Two jobs of one row in a batch (deliverPending queues a row again while its first
          // job waits to retry): the first sends it, the other finds it taken, as its own claim
          // of the row would have.
          const taken = (job: PgBoss.Job<{ deliveryId: number }>) => {
            const claim = claims.get(job.data.deliveryId) ?? null;
            claims.delete(job.data.deliveryId);
            return claim;
          };
          await Promise.all(jobs.map((job) => sendJob(job, taken(job))));
          // A row of a quiet hours' group, not of this batch, that a maintenance window now
          // holds: its own job has run (or will find it held), so it is queued for the window's end.
          const heldElsewhere = [...claims].flatMap(([id, claim]) =>
            claim && 'heldUntil' in claim ? [id] : [],
          );
          if (heldElsewhere.length > 0) await queueAll(heldElsewhere);
          if (jobs.length === batchSize && sendWorker) queue.boss.notifyWorker(sendWorker);
        },
      );
      await escalationReady();
      let escalationWorker = '';
      escalationWorker = await queue.boss.work<{ alertId: number; at: number }>(
        escalationQueueName,
        { batchSize: ESCALATION_BATCH, pollingIntervalSeconds: 1 },
        async (jobs) => {
          if (jobs.length === 0) return;
          await escalate(jobs);
          if (jobs.length === ESCALATION_BATCH && escalationWorker)
            queue.boss.notifyWorker(escalationWorker);
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
