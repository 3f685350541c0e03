import { and, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createAlertOutlets } from '../../server/alerts/alert-outlets.ts';
import { createAlertService } from '../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../server/alerts/alerts-repository.ts';
import type { AlertNotifier } from '../../server/alerts/email-notifier.ts';
import type { EscalationPolicy } from '../../server/alerts/escalation-policy.ts';
import type { AppConfig } from '../../server/config/config.ts';
import type { AlertDeliverySettings } from '../../server/config/setting-defaults.ts';
import { EMAIL_QUEUE } from '../../server/alerts/queued-email-notifier.ts';
import { alertDeliveries } from '../../server/db/schema.ts';
import { rowsOf } from '../../server/db/pg-arrays.ts';
import { smtpReceiver } from './smtp-receiver.ts';
import { testConfig, type TestContext } from './test-app.ts';
import { until } from './until.ts';

export const ALERT_MAIL_URL = 'https://spanwatch.example.ca';

/**
 * Retries compressed for tests, read by the production code from its configuration: pg-boss's
 * first retry after 1 s (doubling), the embedded database's pass every 0.3 s.
 */
export const FAST_DELIVERY: AlertDeliverySettings = {
  sendTimeoutSeconds: 30,
  retryDelaySeconds: 1,
  retryLimit: 8,
  passSeconds: 0.3,
};

export interface AlertMailOptions {
  /** When unacknowledged alerts escalate (seconds, as the tests run it). */
  escalation?: EscalationPolicy;
  delivery?: Partial<AlertDeliverySettings>;
}

/**
 * A real SMTP server on loopback and the alert emails as the server builds them from its
 * configuration (createAlertOutlets): pg-boss with a worker in this process on PostgreSQL, the
 * in-process notifier on PGlite. Stops the notifiers and empties the mailbox after each test.
 */
export function alertMail(t: TestContext, options: AlertMailOptions = {}) {
  const smtp = smtpReceiver();
  const notifiers: AlertNotifier[] = [];

  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((n) => n.stop()));
    smtp.received.length = 0;
    await smtp.up();
  });

  /** The configuration a server under test reads: SMTP, links, compressed retries. */
  const config = (delivery: Partial<AlertDeliverySettings> = {}): AppConfig => {
    const policy = options.escalation;
    return {
      ...testConfig,
      smtpUrl: smtp.url(),
      smtpFrom: 'SpanWatch <alerts@example.ca>',
      publicUrl: ALERT_MAIL_URL,
      alertDelivery: { ...FAST_DELIVERY, ...options.delivery, ...delivery },
      ...(policy
        ? {
            alertEscalation: {
              tier2Minutes: policy.tier2AfterSeconds / 60,
              tier3Minutes: policy.tier3AfterSeconds / 60,
              reminderMinutes: policy.reminderEverySeconds / 60,
            },
          }
        : {}),
    };
  };

  /**
   * The email outlet; on PostgreSQL this process is also a worker unless `work` is false (it
   * then only plans and queues, as an API process does).
   */
  async function notifier(
    delivery: Partial<AlertDeliverySettings> = {},
    { work = true } = {},
  ): Promise<AlertNotifier> {
    const { database } = t.services;
    const outlets = createAlertOutlets(
      config(delivery),
      database,
      createAlertsRepository(database.db),
      { queued: true, log: () => undefined },
    );
    const outlet = outlets.notifier;
    if (!outlet) throw new Error('SMTP_URL is set, so there must be an email notifier');
    if (work) await outlets.queuedNotifier?.work();
    notifiers.push(outlet);
    return outlet;
  }

  /** The alert service handing raised alerts to this outlet. */
  function serviceWith(outlet: AlertNotifier) {
    const { db } = t.services.database;
    const { inspections, fatigueDetails } = t.services;
    return createAlertService({
      db,
      repository: createAlertsRepository(db),
      inspections,
      fatigueDetails,
      notifier: outlet,
      linkSecret: testConfig.jwtSecret,
      ...(options.escalation ? { escalation: options.escalation } : {}),
    });
  }

  /** Email rows planned and due that no sender has finished with (sent, failed or cancelled). */
  async function unsentEmails(): Promise<number> {
    const now = new Date();
    const [row] = await t.services.database.db
      .select({ unsent: count() })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.channel, 'email'),
          eq(alertDeliveries.state, 'pending'),
          or(isNull(alertDeliveries.holdUntil), lte(alertDeliveries.holdUntil, now)),
        ),
      );
    return row?.unsent ?? 0;
  }

  /** On PostgreSQL, the email jobs due that a worker has not finished (a send may be under way). */
  async function unfinishedEmailJobs(): Promise<number> {
    const { database } = t.services;
    if (database.kind !== 'postgres') return 0;
    const [row] = rowsOf<{ n: number }>(
      await database.db.execute(sql`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = ${EMAIL_QUEUE} AND state IN ('created', 'retry', 'active')
          AND start_after <= now()`),
    );
    return row?.n ?? 0;
  }

  /**
   * Resolves once no email can still come of what the test did: each notifier has made the pass
   * over the log that its timer or worker would make, has planned what it was given (and, on
   * PGlite, sent it), no due email row is left unsent, and on PostgreSQL no due email job is
   * left to a worker. The SMTP receiver keeps a mail before its sender marks the row sent, so a
   * duplicate that must not come has arrived by then. A fixed wait (3 s a check) bounded
   * neither: a slow duplicate could come after it.
   */
  async function settled(timeoutMs = 15_000): Promise<void> {
    for (const outlet of notifiers) {
      await outlet.deliverPending();
      await outlet.idle();
    }
    await until(
      async () => (await unsentEmails()) === 0 && (await unfinishedEmailJobs()) === 0,
      'every planned email sent',
      timeoutMs,
    );
  }

  return { smtp, config, notifier, serviceWith, settled };
}
