import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertWebhook } from '../../../server/alerts/alert-webhook.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import type { EscalationPolicy } from '../../../server/alerts/escalation-policy.ts';
import { createQueuedAlertWebhook } from '../../../server/alerts/queued-alert-webhook.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { receiver } from '../../helpers/webhook-receiver.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const POLICY: EscalationPolicy = {
  tier2AfterSeconds: 60,
  tier3AfterSeconds: 120,
  reminderEverySeconds: 3600,
};
const after = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);

// Issue 32: "every raise and every escalation produces notifications and a webhook call". The
// webhook hears of each tier an unacknowledged alert reaches, once the receiver takes it, on
// the in-process webhook (embedded database) and the pg-boss one (PostgreSQL).
describe.each(drivers)('the webhook of escalations on %s', (kind) => {
  const t = setupTestApp(kind);
  const hook = receiver();
  beforeAll(() => hook.start());
  afterAll(() => hook.stop());

  it('posts tier 2 and tier 3 once each at their deadlines, and nothing more', async () => {
    const { db } = t.services.database;
    const repository = createAlertsRepository(db);
    const log = () => undefined;
    const queued =
      kind === 'postgres'
        ? createQueuedAlertWebhook({
            database: t.services.database,
            repository,
            url: hook.url(),
            log,
            retryDelaySeconds: 1,
          })
        : null;
    await queued?.work();
    const webhook =
      queued ?? createAlertWebhook({ db, repository, url: hook.url(), retryDelaysMs: [100, 100] });
    const { inspections, fatigueDetails } = t.services;
    const alerts = createAlertService({
      db,
      repository,
      inspections,
      fatigueDetails,
      webhook,
      escalation: POLICY,
    });
    const operator = await t.createUser({ name: `hook-operator-${kind}` });
    const { bridge } = await bridgeWithStreams(t, `Hooked ${kind}`);
    await assignBridge(t, operator.id, bridge.id);
    hook.answer([]);
    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const raisedAt = alert?.raisedAt ?? new Date();
    const events = () =>
      hook.received
        .filter((r) => r.status < 300 && r.body.id === alert?.id)
        .map((r) => [r.body.event, r.body.tier ?? null]);
    await until(() => events().length === 1, 'the raise', 15_000);

    // Before tier 2's deadline: nothing more; at it, one call.
    await alerts.escalateInApp(after(raisedAt, 59));
    await webhook.idle();
    expect(events()).toHaveLength(1);
    await alerts.escalateInApp(after(raisedAt, 61));
    await until(() => events().length === 2, 'tier 2', 15_000);
    await webhook.idle();
    // Later looks at tier 2 post nothing more.
    await alerts.escalateInApp(after(raisedAt, 90));
    await alerts.escalateInApp(after(raisedAt, 121));
    await until(() => events().length === 3, 'tier 3', 15_000);
    await webhook.idle();
    expect(events()).toEqual([
      ['raised', null],
      ['escalated', 2],
      ['escalated', 3],
    ]);
    const tier2 = hook.received.find((r) => r.body.event === 'escalated' && r.status < 300);
    expect(tier2?.body).toMatchObject({ id: alert?.id, bridge_name: `Hooked ${kind}` });
    // Marked once the receiver took it (on PostgreSQL by the worker, just after the answer).
    const tierTaken = async () => (await storedAlerts(t, bridge.id))[0]?.webhookTier;
    await until(async () => (await tierTaken()) === 3, 'tier 3 marked taken', 10_000);
    await alerts.escalateInApp(after(raisedAt, 200));
    await webhook.idle();
    expect(events()).toHaveLength(3);
    await webhook.stop();
  }, 60_000);
});
