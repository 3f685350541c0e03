import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { receiver } from '../../helpers/webhook-receiver.ts';
import { strainBridge } from '../fatigue/strain-fixtures.ts';

// Issue 32: the fatigue alerts were written beside the alert service and never reached the
// webhook. Raised through the service, they do, like every other alert.
describe.each(drivers)('fatigue alerts reach the webhook on %s', (kind) => {
  const hook = receiver();
  // Registered before the app's own beforeAll, so the receiver's port is known when the app's
  // config is read (the getter is read once, when the test app copies the config).
  beforeAll(() => hook.start());
  afterAll(() => hook.stop());
  const t = setupTestApp(kind, {
    config: {
      get alertWebhookUrl() {
        return hook.url();
      },
    },
  });

  it('posts the fatigue alert a detail’s settings raise', async () => {
    const staff = await t.createUser({ staff: true });
    const { bridge, sensor } = await strainBridge(t.services, 'Webhook Bridge', 'wb-str');
    hook.answer([]);

    const put = await t.request({
      method: 'PUT',
      url: `/api/v1/sensors/${sensor.id}/fatigue-detail`,
      token: staff.token,
      body: { name: 'Cover plate end', curve: 'EC3 71', prior_damage: 0.9 },
    });
    expect(put.status).toBe(200);

    await until(() => hook.received.length > 0, 'the webhook call');
    expect(
      hook.received.map((r) => [r.body.event, r.body.bridge, r.body.type, r.body.severity]),
    ).toEqual([['raised', bridge.id, 'Fatigue', 'Critical']]);
  });
});
