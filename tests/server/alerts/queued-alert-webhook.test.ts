import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { createQueuedAlertWebhook } from '../../../server/alerts/queued-alert-webhook.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { receiver } from '../../helpers/webhook-receiver.ts';
import { bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

// The job-queue webhook exists on PostgreSQL only (pg-boss); the embedded database keeps the
// in-process one (alert-webhook.test.ts).
describe.runIf(process.env.DATABASE_URL)('the alert webhook through pg-boss', () => {
  const t = setupTestApp('postgres');
  const hook = receiver();
  beforeAll(() => hook.start());
  afterAll(() => hook.stop());

  it('is retried by the queue with backoff, and delivered by a worker other than the sender', async () => {
    const { bridge } = await bridgeWithStreams(t, 'Lethbridge Viaduct');
    hook.answer([500, 503]);
    const log = () => undefined;
    // The api process only queues; the worker delivers.
    const sender = createQueuedAlertWebhook({
      database: t.services.database,
      repository: createAlertsRepository(t.services.database.db),
      url: hook.url(),
      log,
    });
    const worker = createQueuedAlertWebhook({
      database: t.services.database,
      repository: createAlertsRepository(t.services.database.db),
      url: hook.url(),
      log,
      retryDelaySeconds: 1,
    });
    await worker.work();
    const alerts = createAlertService({
      db: t.services.database.db,
      repository: createAlertsRepository(t.services.database.db),
      inspections: t.services.inspections,
      fatigueDetails: t.services.fatigueDetails,
      webhook: sender,
    });

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    await sender.idle();
    const deadline = Date.now() + 30_000;
    while (!(await storedAlerts(t, bridge.id))[0]?.webhookDeliveredAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const [row] = await storedAlerts(t, bridge.id);
    expect(row?.webhookDeliveredAt).toBeInstanceOf(Date);
    expect(hook.received.map((r) => r.status)).toEqual([500, 503, 204]);
    expect(hook.received[2]?.body).toMatchObject({ event: 'raised', id: row?.id });
    await sender.stop();
    await worker.stop();
  }, 60_000);
});
