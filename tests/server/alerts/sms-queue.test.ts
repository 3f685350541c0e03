import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAlertOutlets } from '../../../server/alerts/alert-outlets.ts';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import type { AlertNotifier } from '../../../server/alerts/email-notifier.ts';
import { rowsOf } from '../../../server/db/pg-arrays.ts';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { FAST_DELIVERY } from '../../helpers/alert-mail.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, testConfig } from '../../helpers/test-app.ts';
import { smsFake } from '../../helpers/sms-fake.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome } from './alert-fixtures.ts';

const PEOPLE = 4;
const REFUSED = 5;

// The provider's fake on loopback, down (500) for its first REFUSED requests of the test.
const fake = smsFake({ accountSid: 'AC0456', authToken: 'queue-token', from: '+15005550006' });
const sms = fake.settings;
beforeAll(() => fake.start());
afterAll(() => fake.stop());

// Issue 32: an SMS provider outage delays texts and loses none, and no text goes twice. On
// PostgreSQL the texts are pg-boss jobs (decision 065) sent by the workers, here two of them; on
// the embedded database the in-process notifier's passes retry them.
describe.each(drivers)('alert texts through the queue on %s', (kind) => {
  const t = setupTestApp(kind);
  const notifiers: AlertNotifier[] = [];
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((n) => n.stop()));
  });

  /** A process's SMS outlet as the server builds it; a worker also sends. */
  async function outlet(work: boolean) {
    const { database } = t.services;
    const config = {
      ...testConfig,
      sms,
      publicUrl: 'https://spanwatch.example',
      alertDelivery: FAST_DELIVERY,
    };
    const outlets = createAlertOutlets(config, database, createAlertsRepository(database.db), {
      queued: true,
      log: () => undefined,
    });
    if (!outlets.sms) throw new Error('SMS_BASE_URL is set, so there must be an SMS outlet');
    if (work) await outlets.queuedSms?.work();
    notifiers.push(outlets.sms);
    return outlets;
  }

  it('delivers every text once after the provider recovers from 5 refusals (500)', async () => {
    fake.requests.length = 0;
    fake.refuse(REFUSED);
    const accepted = () =>
      fake.accepted().map((r) => ({ to: r.form.get('To') ?? '', body: r.form.get('Body') ?? '' }));
    const refused = () => fake.requests.filter((r) => r.refused).length;
    const { bridge } = await bridgeWithStreams(t, 'Ambassador Queue');
    const phones: string[] = [];
    for (let i = 0; i < PEOPLE; i += 1) {
      const user = await t.createUser({ name: `texted-${i}` });
      const phone = `+1519555010${i}`;
      await t.services.users.update(user.id, { phone, phoneVerifiedAt: new Date() });
      await assignBridge(t, user.id, bridge.id);
      phones.push(phone);
    }
    const api = await outlet(false);
    if (kind === 'postgres') {
      // The API process queues; two workers send.
      expect(api.queuedSms).toBeDefined();
      await outlet(true);
      await outlet(true);
    }
    const { db } = t.services.database;
    const { inspections, fatigueDetails } = t.services;
    const service = createAlertService({
      db,
      repository: createAlertsRepository(db),
      inspections,
      fatigueDetails,
      sms: api.sms,
      linkSecret: testConfig.jwtSecret,
    });
    await service.analysisCompleted(outcome(bridge.id, 6));

    const rows = () => db.select().from(alertDeliveries).where(eq(alertDeliveries.channel, 'sms'));
    await until(async () => (await rows()).length > 0, 'the planned texts', 10_000);
    const planned = (await rows()).length;
    expect(planned).toBeGreaterThanOrEqual(PEOPLE);
    await until(() => accepted().length >= planned, 'every text accepted', 60_000);
    // Long enough for a second send of any of them to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(refused()).toBe(REFUSED);
    expect(accepted()).toHaveLength(planned);
    const perPhone = phones.map((phone) => accepted().filter((text) => text.to === phone).length);
    expect(perPhone).toEqual(phones.map(() => planned / PEOPLE));
    expect(new Set(accepted().map((text) => `${text.to} ${text.body}`)).size).toBe(planned);
    const stored = await rows();
    expect(stored.every((row) => row.state === 'sent')).toBe(true);
    // The refusals were retried: attempts beyond one per text, as many as were refused.
    expect(stored.reduce((sum, row) => sum + row.attempts, 0)).toBe(planned + REFUSED);
    if (kind === 'postgres') {
      const jobs = rowsOf<{ n: number; retried: number }>(
        await db.execute(sql`
          SELECT count(*)::int AS n, count(*) FILTER (WHERE retry_count > 0)::int AS retried
          FROM pgboss.job WHERE name = 'alert-sms'`),
      )[0];
      expect(jobs?.n).toBe(planned);
      expect(jobs?.retried).toBeGreaterThan(0);
    }
  }, 90_000);
});
