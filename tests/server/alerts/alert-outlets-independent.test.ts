import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AlertWebhook, createAlertWebhook } from '../../../server/alerts/alert-webhook.ts';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { type AlertNotifier, createEmailNotifier } from '../../../server/alerts/email-notifier.ts';
import { alertDeliveries, notifications } from '../../../server/db/schema.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { drivers } from '../../helpers/test-database.ts';
import { smtpReceiver } from '../../helpers/smtp-receiver.ts';
import { until } from '../../helpers/until.ts';
import { receiver } from '../../helpers/webhook-receiver.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

// Issue 32: each outlet of a raised alert stands alone. A bell whose write fails must not keep
// the webhook and the emails from a raised alert, nor a failing webhook the bell and the emails.
describe.each(drivers)('the outlets of a raised alert on %s', (kind) => {
  const t = setupTestApp(kind);
  const hook = receiver();
  const smtp = smtpReceiver();
  const stoppable: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    await hook.start();
    await smtp.start();
  });
  afterAll(async () => {
    await hook.stop();
    await smtp.stop();
  });
  afterEach(async () => {
    await Promise.all(stoppable.splice(0).map((outlet) => outlet.stop()));
    await t.services.database.db.execute(
      sql`drop trigger if exists refuse_notifications on notifications`,
    );
    hook.received.length = 0;
    smtp.received.length = 0;
  });

  function service(webhook: AlertWebhook) {
    const { db } = t.services.database;
    const repository = createAlertsRepository(db);
    const notifier: AlertNotifier = createEmailNotifier({
      db,
      repository,
      settings: {
        smtpUrl: smtp.url(),
        from: 'SpanWatch <alerts@example.ca>',
        publicUrl: 'https://spanwatch.example.ca',
        linkSecret: 'outlets-test-secret',
      },
      log: () => undefined,
      retrySeconds: 0.3,
    });
    stoppable.push(notifier);
    const logged: string[] = [];
    const { inspections, fatigueDetails } = t.services;
    const alerts = createAlertService({
      db,
      repository,
      inspections,
      fatigueDetails,
      webhook,
      notifier,
      log: (message) => logged.push(message),
    });
    return { alerts, notifier, logged };
  }

  function realWebhook() {
    const { db } = t.services.database;
    const webhook = createAlertWebhook({
      db,
      repository: createAlertsRepository(db),
      url: hook.url(),
      retryDelaysMs: [20],
    });
    stoppable.push(webhook);
    return webhook;
  }

  async function scene(name: string) {
    // Staff hear of every alert in the bell, and so does the bridge's operator, who is also
    // emailed (tier 1).
    const staff = await t.createUser({ staff: true, name: `staff-${kind}` });
    const operator = await t.createUser({ name: `operator-${kind}` });
    const { bridge } = await bridgeWithStreams(t, name);
    await assignBridge(t, operator.id, bridge.id);
    return { staff, operator, bridge };
  }

  const emailRows = (alertId: number) =>
    t.services.database.db
      .select({ channel: alertDeliveries.channel, recipient: alertDeliveries.recipient })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, alertId));

  const bellRows = (alertId: number) =>
    t.services.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.alertId, alertId))
      .orderBy(notifications.userId);

  it('a failed bell write is logged; the webhook and the email still go out', async () => {
    const { operator, bridge } = await scene('Lethbridge Viaduct');
    // The database refuses the bell's rows, as an outage of that one write would.
    await t.services.database.db.execute(sql`
      create or replace function refuse_notifications() returns trigger language plpgsql as
      $$ begin raise exception 'notifications refused'; end $$`);
    await t.services.database.db.execute(sql`
      create trigger refuse_notifications before insert on notifications
      for each row execute function refuse_notifications()`);
    const webhook = realWebhook();
    const { alerts, notifier, logged } = service(webhook);

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    await webhook.idle();
    await until(() => smtp.received.length === 1, 'one email');
    await notifier.idle();

    const [alert] = await storedAlerts(t, bridge.id);
    const id = alert?.id ?? 0;
    expect(hook.received.map((r) => r.body['id'])).toEqual([id]);
    expect(smtp.received[0]?.to).toEqual([operator.email]);
    expect(await emailRows(id)).toEqual([{ channel: 'email', recipient: operator.email }]);
    expect(await bellRows(id)).toEqual([]);
    expect(logged).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Alerts ${id}: the in-app notifications did not take them: [\\s\\S]*notifications refused`,
        ),
      ),
    ]);
  });

  it('a webhook that throws is logged; the bell and the email still hear of the alert', async () => {
    const { staff, operator, bridge } = await scene('Peace River Bridge');
    const broken: AlertWebhook = {
      enqueue: () => {
        throw new Error('webhook queue unavailable');
      },
      escalated: () => undefined,
      deliverPending: () => Promise.resolve(),
      idle: () => Promise.resolve(),
      stop: () => Promise.resolve(),
    };
    const { alerts, notifier, logged } = service(broken);

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    await until(() => smtp.received.length === 1, 'one email');
    await notifier.idle();

    const [alert] = await storedAlerts(t, bridge.id);
    const id = alert?.id ?? 0;
    expect(await bellRows(id)).toEqual([{ userId: staff.id }, { userId: operator.id }]);
    expect(await emailRows(id)).toEqual([{ channel: 'email', recipient: operator.email }]);
    expect(logged).toEqual([
      `Alerts ${id}: the webhook did not take them: Error: webhook queue unavailable`,
    ]);
  });
});
