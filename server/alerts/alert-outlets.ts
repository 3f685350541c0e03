import type { AppConfig } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { type AlertWebhook, createAlertWebhook } from './alert-webhook.ts';
import type { AlertsRepository } from './alerts-repository.ts';
import { createDeliveryLog } from './alert-deliveries.ts';
import {
  type AlertNotifier,
  createChannelNotifier,
  createEmailNotifier,
} from './email-notifier.ts';
import { createSmsSender } from './sms-sender.ts';
import { createTwilioShapedProvider } from './sms-provider.ts';
import type { EmailSettings } from './email-sender.ts';
import { policyOfMinutes } from './escalation-policy.ts';
import { DEFAULT_ALERT_DELIVERY } from '../config/setting-defaults.ts';
import { createQueuedAlertWebhook, type QueuedAlertWebhook } from './queued-alert-webhook.ts';
import { createQueuedEmailNotifier, type QueuedEmailNotifier } from './queued-email-notifier.ts';
import type { QueuedNotifier } from './queued-channel-notifier.ts';
import { createQueuedSmsNotifier } from './queued-sms-notifier.ts';

export interface AlertOutlets {
  webhook: AlertWebhook | undefined;
  /** Set on PostgreSQL with ALERT_WEBHOOK_URL: a worker process delivers the queued calls. */
  queuedWebhook: QueuedAlertWebhook | undefined;
  notifier: AlertNotifier | undefined;
  /** Set on PostgreSQL with SMTP_URL: a worker process sends the queued emails. */
  queuedNotifier: QueuedEmailNotifier | undefined;
  /** Set with SMS_BASE_URL: Critical and High alerts texted (decision 042). */
  sms: AlertNotifier | undefined;
  /** Set on PostgreSQL with SMS_BASE_URL: a worker process sends the queued texts (065). */
  queuedSms: QueuedNotifier | undefined;
}

/** What a start without SMTP_URL prints once, so nobody waits for an email that cannot come. */
export const ALERT_EMAILS_OFF =
  'Alert emails are off: SMTP_URL is not set (set it to smtp://host:port to email alerts).';

/** Where the links in notifications lead (PUBLIC_URL, else this server on localhost). */
const publicUrlOf = (config: Pick<AppConfig, 'publicUrl' | 'port'>): string =>
  config.publicUrl ?? `http://localhost:${config.port}`;

export function emailSettingsOf(
  config: Pick<
    AppConfig,
    'smtpUrl' | 'smtpFrom' | 'publicUrl' | 'port' | 'jwtSecret' | 'alertDelivery'
  >,
): EmailSettings | undefined {
  if (!config.smtpUrl) return undefined;
  return {
    smtpUrl: config.smtpUrl,
    from: config.smtpFrom ?? 'SpanWatch <alerts@localhost>',
    publicUrl: publicUrlOf(config),
    linkSecret: config.jwtSecret,
    timeoutSeconds: (config.alertDelivery ?? DEFAULT_ALERT_DELIVERY).sendTimeoutSeconds,
  };
}

/**
 * Where newly raised alerts go besides the table: the webhook (ALERT_WEBHOOK_URL), the emails
 * (SMTP_URL) and the texts (SMS_BASE_URL). With `queued` on PostgreSQL all go through pg-boss,
 * delivered and retried by worker processes; elsewhere they are delivered in this process.
 */
export function createAlertOutlets(
  config: AppConfig,
  database: Database,
  repository: AlertsRepository,
  options: { queued: boolean; log: (message: string) => void },
): AlertOutlets {
  const { db } = database;
  const { log } = options;
  const queued = options.queued && database.kind === 'postgres';
  const url = config.alertWebhookUrl;
  const settings = emailSettingsOf(config);
  const escalation = policyOfMinutes(config.alertEscalation);
  const publicUrl = publicUrlOf(config);
  const retries = config.alertDelivery ?? DEFAULT_ALERT_DELIVERY;
  const queuedWebhook =
    url && queued ? createQueuedAlertWebhook({ database, repository, url, log }) : undefined;
  const queuedNotifier =
    settings && queued
      ? createQueuedEmailNotifier({
          database,
          repository,
          settings,
          log,
          escalation,
          retryLimit: retries.retryLimit,
          retryDelaySeconds: retries.retryDelaySeconds,
        })
      : undefined;
  const queuedSms =
    config.sms && queued
      ? createQueuedSmsNotifier({
          database,
          repository,
          provider: createTwilioShapedProvider(config.sms),
          publicUrl,
          log,
          escalation,
          timeoutSeconds: retries.sendTimeoutSeconds,
          retryLimit: retries.retryLimit,
          retryDelaySeconds: retries.retryDelaySeconds,
        })
      : undefined;
  return {
    queuedWebhook,
    webhook: queuedWebhook ?? (url ? createAlertWebhook({ db, repository, url, log }) : undefined),
    queuedNotifier,
    notifier:
      queuedNotifier ??
      (settings
        ? createEmailNotifier({
            db,
            repository,
            settings,
            log,
            escalation,
            retrySeconds: retries.passSeconds,
          })
        : undefined),
    queuedSms,
    sms:
      queuedSms ??
      (config.sms
        ? createChannelNotifier({
            db,
            channel: 'sms',
            sender: createSmsSender(
              createTwilioShapedProvider(config.sms),
              publicUrl,
              createDeliveryLog(db),
              repository,
            ),
            publicUrl,
            log,
            escalation,
            retrySeconds: retries.passSeconds,
          })
        : undefined),
  };
}
