import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAlertOutlets } from '../../../server/alerts/alert-outlets.ts';
import { createAlertService } from '../../../server/alerts/alert-service.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import type { AlertNotifier } from '../../../server/alerts/email-notifier.ts';
import type { EscalationPolicy } from '../../../server/alerts/escalation-policy.ts';
import { alertDeliveries, alerts as alertRows } from '../../../server/db/schema.ts';
import { alertMail } from '../../helpers/alert-mail.ts';
import { smsFake } from '../../helpers/sms-fake.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, testConfig, type TestContext } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

// Tier 2 after 3 s; tier 3 and the first reminder far beyond the test.
const POLICY: EscalationPolicy = {
  tier2AfterSeconds: 3,
  tier3AfterSeconds: 3600,
  reminderEverySeconds: 3600,
};
// The sleeper's test moves the alert's raise back to reach each tier in a look of its own (the
// looks are stateless: what is due follows from the raise), not waiting on timers a loaded
// machine may run late enough to merge both tiers into one look.
const LADDER: EscalationPolicy = {
  tier2AfterSeconds: 60,
  tier3AfterSeconds: 600,
  reminderEverySeconds: 7200,
};
const MINUTE = 60_000;
const clock = (at: Date) => at.toISOString().slice(11, 16);

/** The user's quiet hours from an hour ago to an hour ahead (UTC), every channel on. */
async function inQuietHours(t: TestContext, token: string): Promise<void> {
  const now = Date.now();
  const quiet = {
    start: clock(new Date(now - 60 * MINUTE)),
    end: clock(new Date(now + 60 * MINUTE)),
    time_zone: 'UTC',
  };
  const settings = await t.request({
    method: 'PUT',
    url: '/api/v1/me/notification-settings',
    token,
    body: { email: true, sms: true, in_app: true, quiet_hours: quiet },
  });
  expect(settings.status).toBe(200);
}

const fake = smsFake({ accountSid: 'AC0032', authToken: 'handover-token', from: '+15005550006' });
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const keyOf = (messageId: string) =>
  /^<alert-\d+\.(tier-\d\.user-\d+\.email(?:\.reminder-\d)?(?:\.escalated-\d)?)@/.exec(
    messageId,
  )?.[1] ?? '';

// Decision 080, 2026-12-02 (d): when an alert goes on to tier 2 unacknowledged, the tier-1 people
// who did not answer are told so on their own channels (email, and a text at High and Critical),
// naming who has it now, once each; quiet hours hold it below Critical, as every notice.
describe.concurrent.each(drivers)('the escalation told to tier 1 on %s', (kind) => {
  const t = setupTestApp(kind);
  const mail = alertMail(t, { escalation: POLICY });
  const outlets: AlertNotifier[] = [];
  afterEach(async () => {
    await Promise.all(outlets.splice(0).map((outlet) => outlet.stop()));
  });

  it('emails and texts tier 1 that it went to tier 2 and who has it, once, holding the sleeper', async () => {
    const manager = await t.createUser({ staff: true, name: `manager-${kind}` });
    const operator = await t.createUser({ name: `operator-${kind}` });
    const sleeper = await t.createUser({ name: `sleeper-${kind}` });
    const phone = kind === 'pglite' ? '+15195550141' : '+15195550142';
    await t.services.users.update(operator.id, { phone, phoneVerifiedAt: new Date() });
    const { bridge } = await bridgeWithStreams(t, `Handover ${kind}`);
    for (const user of [operator, sleeper]) await assignBridge(t, user.id, bridge.id);
    await inQuietHours(t, sleeper.token);

    // Email and texts as the server builds them, this process a worker on PostgreSQL.
    const { database } = t.services;
    const repository = createAlertsRepository(database.db);
    const built = createAlertOutlets(
      { ...mail.config(), sms: fake.settings },
      database,
      repository,
      { queued: true, log: () => undefined },
    );
    if (!built.notifier || !built.sms) throw new Error('SMTP and SMS are configured');
    outlets.push(built.notifier, built.sms);
    await built.queuedNotifier?.work();
    await built.queuedSms?.work();
    const alerts = createAlertService({
      db: database.db,
      repository,
      inspections: t.services.inspections,
      fatigueDetails: t.services.fatigueDetails,
      notifier: built.notifier,
      sms: built.sms,
      linkSecret: testConfig.jwtSecret,
      escalation: POLICY,
    });
    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const id = alert?.id ?? 0;
    const mailTo = (key: string) =>
      mail.smtp.received.find((m) => keyOf(m.headers.get('message-id') ?? '') === key);
    const handoverKey = `tier-1.user-${operator.id}.email.escalated-2`;
    await until(() => mailTo(handoverKey) !== undefined, 'the tier-1 handover email', 20_000);
    const handover = mailTo(handoverKey);
    expect(handover?.to).toEqual([operator.email]);
    const bridgeName = `Handover ${kind}`;
    expect(handover?.headers.get('subject')).toBe(
      `[SpanWatch] Escalated to tier 2 (manager-${kind}), unacknowledged: High: Anomaly Detection on ${bridgeName}`,
    );
    const lines = handover?.text.split('\n') ?? [];
    expect(lines[0]).toBe(
      `Not acknowledged in time: this alert has gone on to tier 2, now notified: manager-${kind}.`,
    );
    expect(lines).toContain(`Bridge: ${bridgeName}`);
    expect(lines).toContain(`Alert: Anomaly Detection (no. ${id})`);
    expect(lines).toContain('Severity: High');
    // Its signed link acknowledges, with a comment, for the tier-1 person it was sent to.
    const link = /^Acknowledge it with a comment \(after signing in\): (\S+)$/m.exec(
      handover?.text ?? '',
    )?.[1];
    const token = new URL(link ?? 'https://x.invalid').searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    // The text: the tier now told and who, the alert, the bridge, its page.
    await until(
      () =>
        fake
          .accepted()
          .some((r) => r.form.get('To') === phone && /tier 2/.test(r.form.get('Body') ?? '')),
      'the tier-1 handover text',
      15_000,
    );
    const texts = fake.accepted().filter((r) => r.form.get('To') === phone);
    expect(texts.map((r) => (r.form.get('Body') ?? '').split('\n')[0])).toEqual([
      `SpanWatch High Anomaly Detection on ${bridgeName} (alert ${id}).`,
      `SpanWatch: unacknowledged, escalated to tier 2 (manager-${kind}): High Anomaly Detection on ${bridgeName} (alert ${id}).`,
    ]);

    // A second look at the same moment plans nothing more: one handover per person and channel.
    for (const outlet of outlets) await outlet.deliverPending();
    await mail.settled();
    const rows = await database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, id));
    const handovers = rows
      .filter((row) => row.escalatedTo !== null)
      .map((row) => [row.userId, row.channel, row.tier, row.escalatedTo, row.state])
      .sort((a, b) => String(a).localeCompare(String(b)));
    expect(handovers).toEqual(
      [
        [operator.id, 'email', 1, 2, 'sent'],
        [operator.id, 'sms', 1, 2, 'sent'],
        // The sleeper's waits for their quiet hours' end (a High alert, not Critical).
        [sleeper.id, 'email', 1, 2, 'pending'],
      ].sort((a, b) => String(a).localeCompare(String(b))),
    );
    expect(
      rows.find((row) => row.userId === sleeper.id && row.escalatedTo === 2)?.holdUntil,
    ).not.toBeNull();
    // The manager is asked at tier 2 and told of no handover; nobody got one mail twice.
    expect(rows.some((row) => row.userId === manager.id && row.escalatedTo !== null)).toBe(false);
    const ids = mail.smtp.received.map((m) => m.headers.get('message-id'));
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      mail.smtp.received.some((m) => m.to.includes(sleeper.email) && /tier 2/.test(m.text)),
    ).toBe(false);

    // The delivery log says what the notice was.
    const log = await t.request<{ escalated_to: number | null; tier: number }[]>({
      method: 'GET',
      url: `/api/v1/alerts/${id}/deliveries`,
      token: manager.token,
    });
    expect(log.body.filter((row) => row.escalated_to === 2)).toHaveLength(3);

    // The operator acknowledges from the handover's link with a comment.
    const acknowledged = await t.request<{ state: string }>({
      method: 'POST',
      url: '/api/v1/alert-links/acknowledge',
      token: operator.token,
      body: { token, comment: 'Saw the escalation; on site now.' },
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.state).toBe('acknowledged');
  }, 60_000);

  // Decision 080, 2026-12-03 (e): quiet hours held both "went to tier 2" and "went to tier 3"
  // for a tier-1 sleeper; when they end the sleeper hears once, of where the alert is now. After
  // the test above (sequential): the file's database is emptied between them.
  it.sequential(
    'sends one notice naming the latest tier when quiet hours end, not one per tier held',
    async () => {
      await t.createUser({ staff: true, name: `manager-${kind}` });
      const platform = await t.createUser({ staff: true, name: `platform-${kind}` });
      // Staff of another company than the bridge's: tier 3 (escalation-tiers.ts).
      await t.services.users.update(platform.id, { company: 'Bridge Authority' });
      const sleeper = await t.createUser({ name: `sleeper-${kind}` });
      const bridgeName = `Night ${kind}`;
      const { bridge } = await bridgeWithStreams(t, bridgeName);
      await assignBridge(t, sleeper.id, bridge.id);
      await inQuietHours(t, sleeper.token);

      // Email as the server builds it, with the ladder (no texts: the sleeper has no phone).
      const { database } = t.services;
      const repository = createAlertsRepository(database.db);
      const built = createAlertOutlets(
        {
          ...mail.config(),
          alertEscalation: {
            tier2Minutes: LADDER.tier2AfterSeconds / 60,
            tier3Minutes: LADDER.tier3AfterSeconds / 60,
            reminderMinutes: LADDER.reminderEverySeconds / 60,
          },
        },
        database,
        repository,
        { queued: true, log: () => undefined },
      );
      const outlet = built.notifier;
      if (!outlet) throw new Error('SMTP is configured');
      outlets.push(outlet);
      await built.queuedNotifier?.work();
      await createAlertService({
        db: database.db,
        repository,
        inspections: t.services.inspections,
        fatigueDetails: t.services.fatigueDetails,
        notifier: outlet,
        linkSecret: testConfig.jwtSecret,
        escalation: LADDER,
      }).analysisCompleted(outcome(bridge.id, 1));
      const [alert] = await storedAlerts(t, bridge.id);
      const id = alert?.id ?? 0;
      const { db } = database;
      const sleepersRows = () =>
        db
          .select()
          .from(alertDeliveries)
          .where(and(eq(alertDeliveries.alertId, id), eq(alertDeliveries.userId, sleeper.id)))
          .orderBy(alertDeliveries.id);
      const handoversHeld = async () =>
        (await sleepersRows()).filter((row) => row.escalatedTo !== null);
      /** Unanswered for `seconds` since the raise, and looked at (as the schedule would). */
      const unansweredFor = async (seconds: number, handovers: number) => {
        await db
          .update(alertRows)
          .set({ raisedAt: new Date(Date.now() - seconds * 1000) })
          .where(eq(alertRows.id, id));
        await outlet.deliverPending();
        await until(
          async () => (await handoversHeld()).length === handovers,
          `${handovers} handovers held`,
        );
      };
      // Two looks while the sleeper sleeps: tier 2, then tier 3; each handover waits for morning.
      await unansweredFor(LADDER.tier2AfterSeconds + 1, 1);
      await unansweredFor(LADDER.tier3AfterSeconds + 1, 2);
      expect(
        (await handoversHeld()).map((row) => [row.escalatedTo, row.state, row.holdUntil !== null]),
      ).toEqual([
        [2, 'pending', true],
        [3, 'pending', true],
      ]);
      const toSleeper = () => mail.smtp.received.filter((m) => m.to.includes(sleeper.email));
      expect(toSleeper()).toEqual([]);

      // The quiet hours end (moved to now, and the queued jobs with them).
      const ids = (await sleepersRows()).map((row) => row.id);
      await db
        .update(alertDeliveries)
        .set({ holdUntil: new Date(Date.now() - 1000) })
        .where(inArray(alertDeliveries.id, ids));
      if (kind === 'postgres') {
        await db.execute(
          sql`update pgboss.job set start_after = now() where name = 'alert-email' and state = 'created' and (data->>'deliveryId')::int in (${sql.join(ids, sql`, `)})`,
        );
      }
      // What the quiet hours held goes as one email (decision 065 (g)): the alert once, with
      // its raise and where it is now; the stale "went to tier 2" is not told.
      await until(() => toSleeper().length > 0, "the sleeper's held email", 15_000);
      await outlet.deliverPending();
      await outlet.idle();
      await mail.settled();
      expect(toSleeper().map((m) => m.headers.get('subject'))).toEqual([
        '[SpanWatch] 1 alert held during your quiet hours, still open (highest: High)',
      ]);
      expect(toSleeper()[0]?.text).toContain(
        `Held for you: raised; gone on, unacknowledged, to tier 3, now with platform-${kind}`,
      );
      expect(
        (await handoversHeld()).map((row) => [row.escalatedTo, row.state, row.lastError]),
      ).toEqual([
        [
          2,
          'cancelled',
          'Not sent: the alert has since gone on to tier 3, and that notice says so',
        ],
        [3, 'sent', null],
      ]);
    },
    30_000,
  );
});
