import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, alerts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { smsFake } from '../../helpers/sms-fake.ts';
import { assignBridge, bridgeWithStreams, outcome } from './alert-fixtures.ts';

// The provider's fake on loopback: the first text is refused with a 500, every later one accepted.
const fake = smsFake({ accountSid: 'AC0123', authToken: 'secret-token', from: '+15005550006' });
const { requests: received, settings: sms } = fake;
beforeAll(() => fake.start());
afterAll(() => fake.stop());

describe.each(drivers)('alert SMS on %s', (kind) => {
  const t = setupTestApp(kind, { config: { sms, publicUrl: 'https://spanwatch.example' } });

  it('texts Critical and High alerts to users with a verified phone, retrying a refused one', async () => {
    received.length = 0;
    fake.refuse(1);
    const withPhone = await t.createUser({ name: 'oncall' });
    const without = await t.createUser({ name: 'nophone' });
    // Texts go only to a number proven with a code (decision 050): this one was, the other not.
    await t.services.users.update(withPhone.id, {
      phone: '+15195550123',
      phoneVerifiedAt: new Date(),
    });
    const unverified = await t.createUser({ name: 'unverified' });
    await t.services.users.update(unverified.id, { phone: '+15195550177' });
    const { bridge } = await bridgeWithStreams(t, 'Ambassador');
    await assignBridge(t, withPhone.id, bridge.id);
    await assignBridge(t, without.id, bridge.id);
    await assignBridge(t, unverified.id, bridge.id);

    await t.services.alerts.analysisCompleted(outcome(bridge.id, 4));
    await t.services.alerts.sms?.idle();
    await t.services.alerts.sms?.deliverPending();
    await t.services.alerts.sms?.idle();

    const raised = await t.services.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.bridgeId, bridge.id));
    const urgent = raised.filter((alert) => ['Critical', 'High'].includes(alert.severity));
    expect(urgent.length).toBeGreaterThan(0);
    expect(urgent.length).toBeLessThan(raised.length);

    const rows = await t.services.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.channel, 'sms'));
    expect(rows.map((row) => [row.alertId, row.recipient, row.state]).sort()).toEqual(
      urgent.map((alert) => [alert.id, '+15195550123', 'sent']).sort(),
    );
    // One refused then sent again: attempts count both; the others went at the first.
    expect(rows.map((row) => row.attempts).sort()).toEqual(
      [...urgent.map(() => 1).slice(1), 2].sort(),
    );
    expect(rows.every((row) => /^201 SM\d+ queued$/.test(row.providerAnswer ?? ''))).toBe(true);

    expect(received).toHaveLength(urgent.length + 1);
    for (const request of received) {
      expect(request.path).toBe('/2010-04-01/Accounts/AC0123/Messages.json');
      expect(request.authorization).toBe(
        `Basic ${Buffer.from('AC0123:secret-token').toString('base64')}`,
      );
      expect(request.form.get('To')).toBe('+15195550123');
      expect(request.form.get('From')).toBe('+15005550006');
    }
    const alert = urgent[0];
    if (!alert) throw new Error('no urgent alert');
    const text = received.map((r) => r.form.get('Body') ?? '').find((b) => b.includes(alert.type));
    expect(text).toContain(`${alert.severity} ${alert.type} on Ambassador (alert ${alert.id})`);
    expect(text).toContain(alert.message);
    // The alert's page, which whoever was told may open (decision 080), not the bridge's dashboard.
    expect(text).toContain(`https://spanwatch.example/alerts/${alert.id}`);
    expect(text).not.toContain('/dashboard');
  });

  it('keeps a phone in E.164 form and refuses another form naming the field', async () => {
    const user = await t.createUser({ name: 'phoneowner' });
    const update = (phone: string) =>
      t.request<{ phone?: string | null; detail?: string }>({
        method: 'PUT',
        url: `/api/v1/users/${user.id}/update`,
        token: user.token,
        body: { phone },
      });
    expect(await update('+1 (519) 555-0123')).toMatchObject({
      status: 200,
      body: { phone: '+15195550123' },
    });
    for (const bad of ['5195550123', '+0123456789', '+1519555012345678', 'call me']) {
      const refused = await update(bad);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/^phone: /);
    }
    expect((await update('')).body.phone).toBeNull();
  });
});
