import { afterAll, afterEach, beforeAll } from 'vitest';
import { createAlertOutlets } from '../../server/alerts/alert-outlets.ts';
import { createAlertService } from '../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../server/alerts/alerts-repository.ts';
import type { AlertNotifier } from '../../server/alerts/email-notifier.ts';
import type { EscalationPolicy } from '../../server/alerts/escalation-policy.ts';
import type { AppConfig } from '../../server/config/config.ts';
import type { AlertDeliverySettings } from '../../server/config/setting-defaults.ts';
import { smtpReceiver } from './smtp-receiver.ts';
import { testConfig, type TestContext } from './test-app.ts';

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

  return { smtp, config, notifier, serviceWith };
}
