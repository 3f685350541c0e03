import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { type AlertWebhook, createAlertWebhook } from '../../../server/alerts/alert-webhook.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { receiver } from '../../helpers/webhook-receiver.ts';
import { bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

describe.each(drivers)('the alert webhook on %s', (kind) => {
  const t = setupTestApp(kind);
  const hook = receiver();
  const webhooks: AlertWebhook[] = [];

  beforeAll(() => hook.start());
  afterAll(() => hook.stop());
  afterEach(async () => {
    await Promise.all(webhooks.splice(0).map((w) => w.stop()));
  });

  function serviceWithWebhook(url: string, retryDelaysMs: number[]) {
    const { db } = t.services.database;
    const repository = createAlertsRepository(db);
    const webhook = createAlertWebhook({ db, repository, url, retryDelaysMs });
    webhooks.push(webhook);
    const { inspections, fatigueDetails } = t.services;
    const alerts = createAlertService({ db, repository, inspections, fatigueDetails, webhook });
    return { webhook, alerts };
  }

  it('posts a new alert, retrying with backoff until the receiver takes it', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Lethbridge Viaduct');
    hook.answer([500, 503]);
    const { webhook, alerts } = serviceWithWebhook(hook.url(), [20, 40, 80, 160]);

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    await webhook.idle();

    expect(hook.received.map((r) => r.status)).toEqual([500, 503, 204]);
    const [row] = await storedAlerts(t, bridge.id);
    expect(hook.received[2]?.body).toEqual({
      event: 'raised',
      id: row?.id,
      bridge: bridge.id,
      bridge_name: 'Lethbridge Viaduct',
      type: 'Anomaly Detection',
      severity: 'High',
      message: '1 anomaly detected',
      state: 'active',
      raised_at: row?.raisedAt.toISOString(),
      updated_at: row?.updatedAt.toISOString(),
      acknowledged_at: null,
      acknowledged_by: null,
      comment: null,
      cleared_at: null,
      cleared_note: null,
      cause: row?.cause,
    });
    expect(row?.webhookDeliveredAt).toBeInstanceOf(Date);

    // An update of the same open alert is not a new alert: nothing more is sent.
    await alerts.analysisCompleted(outcome(bridge.id, 2));
    await webhook.idle();
    expect(hook.received).toHaveLength(3);
  });

  it('does not hold up the analysis while the receiver is slow', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Quebec');
    hook.answer([200], 300);
    const { webhook, alerts } = serviceWithWebhook(hook.url(), [20]);

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [justRaised] = await storedAlerts(t, bridge.id);
    expect(justRaised?.webhookDeliveredAt).toBeNull();

    await webhook.idle();
    const [delivered] = await storedAlerts(t, bridge.id);
    expect(delivered?.webhookDeliveredAt).toBeInstanceOf(Date);
  });

  it('delivers after a restart what the previous run could not', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Hartland');
    hook.answer(Array<number>(9).fill(500));
    const before = serviceWithWebhook(hook.url(), [10, 20]);
    await before.alerts.analysisCompleted(outcome(bridge.id, 4));
    await before.webhook.idle();
    expect(hook.received).toHaveLength(9);
    await before.webhook.stop();
    expect((await storedAlerts(t, bridge.id)).map((a) => a.webhookDeliveredAt)).toEqual([
      null,
      null,
      null,
    ]);
    // A cleared alert is history: not worth announcing late.
    await before.alerts.analysisCompleted(outcome(bridge.id, 2));

    hook.answer([]);
    const restarted = serviceWithWebhook(hook.url(), [10, 20]);
    await restarted.webhook.deliverPending();
    await restarted.webhook.idle();

    const rows = await storedAlerts(t, bridge.id);
    const anomaly = rows.find((a) => a.type === 'Anomaly Detection');
    expect(hook.received.map((r) => [r.status, r.body.id, r.body.message])).toEqual([
      [204, anomaly?.id, '2 anomalies detected'],
    ]);
    expect(rows.map((a) => [a.type, a.webhookDeliveredAt === null])).toEqual([
      ['Structural Warning', true],
      ['Maintenance Required', true],
      ['Anomaly Detection', false],
    ]);
  });
});
