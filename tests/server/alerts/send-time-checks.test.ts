import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryLog } from '../../../server/alerts/alert-deliveries.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { createAlertOutlets } from '../../../server/alerts/alert-outlets.ts';
import { claimAllForSending, claimForSending } from '../../../server/alerts/claim-delivery.ts';
import { createEmailSender } from '../../../server/alerts/email-sender.ts';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { FAST_DELIVERY } from '../../helpers/alert-mail.ts';
import { smtpReceiver } from '../../helpers/smtp-receiver.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, testConfig, type TestContext } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const PUBLIC_URL = 'https://spanwatch.example.ca';
const smtp = smtpReceiver();
beforeAll(() => smtp.start());
afterAll(() => smtp.stop());

/** An operator assigned a bridge with one freshly raised alert (High or above: texted too). */
async function raisedFor(t: TestContext, name: string) {
  const operator = await t.createUser({ name });
  const { bridge } = await bridgeWithStreams(t, `Bridge of ${name}`);
  await assignBridge(t, operator.id, bridge.id);
  await t.services.alerts.analysisCompleted(outcome(bridge.id, 4));
  const [alert] = await storedAlerts(t, bridge.id);
  if (!alert) throw new Error('no alert raised');
  return { operator, alert };
}

// Decision 080, 2026-12-02 (c): a notice waits between its plan and its send (quiet hours,
// maintenance, an outage, a queue); what it says and where it goes is decided when it is sent.
describe.each(drivers)('what a waiting notice finds when it is sent, on %s', (kind) => {
  const t = setupTestApp(kind);
  const log = () => createDeliveryLog(t.services.database.db);
  const rowOf = async (id: number) =>
    (
      await t.services.database.db.select().from(alertDeliveries).where(eq(alertDeliveries.id, id))
    )[0];
  const sender = () =>
    createEmailSender(
      { smtpUrl: smtp.url(), from: 'alerts@example.ca', publicUrl: PUBLIC_URL, linkSecret: 's' },
      log(),
      createAlertsRepository(t.services.database.db),
    );

  it('does not email the raise of an alert acknowledged or cleared before it went', async () => {
    smtp.received.length = 0;
    const acked = await raisedFor(t, 'acked-operator');
    const cleared = await raisedFor(t, 'cleared-operator');
    const ids = await log().plan(
      [acked.alert, cleared.alert].map((alert) => ({ alertId: alert.id, tier: 1, reminder: 0 })),
      'email',
      PUBLIC_URL,
    );
    expect(ids).toHaveLength(2);
    // Someone answers the first from the bell; the second's condition goes away.
    await t.services.alerts.acknowledge(
      { id: acked.operator.id, isStaff: false },
      acked.alert.id,
      'On site, looking at it',
    );
    await t.services.alerts.analysisCompleted({
      ...outcome(cleared.alert.bridgeId, 0),
      evaluatedAt: new Date(),
    });
    expect((await storedAlerts(t, cleared.alert.bridgeId))[0]?.state).toBe('cleared');

    const mailer = sender();
    try {
      for (const id of ids) expect(await mailer.send(id, () => true)).toBe('skipped');
    } finally {
      mailer.close();
    }
    expect(smtp.received).toEqual([]);
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((row) => [row?.state, row?.lastError])).toEqual([
      ['cancelled', 'Not sent: the alert was acknowledged first'],
      ['cancelled', 'Not sent: the alert was cleared first'],
    ]);
  });

  it('sends a waiting email to the address of now, and no text to a number not verified now', async () => {
    smtp.received.length = 0;
    const { operator, alert } = await raisedFor(t, 'moving-operator');
    await t.services.users.update(operator.id, {
      phone: '+15195550123',
      phoneVerifiedAt: new Date(),
    });
    const notice = [{ alertId: alert.id, tier: 1, reminder: 0 }];
    const [mailId] = await log().plan(notice, 'email', PUBLIC_URL);
    const [textId] = await log().plan(notice, 'sms', PUBLIC_URL);
    expect((await rowOf(mailId ?? 0))?.recipient).toBe(operator.email);
    expect((await rowOf(textId ?? 0))?.recipient).toBe('+15195550123');
    // While they wait the person changes both: the new number is not proven yet (decision 050).
    await t.services.users.update(operator.id, {
      email: 'moving-operator@new.example.ca',
      phone: '+15195550999',
    });

    const mailer = sender();
    try {
      expect(await mailer.send(mailId ?? 0, () => true)).toBe('sent');
    } finally {
      mailer.close();
    }
    expect(smtp.received.map((mail) => mail.to)).toEqual([['moving-operator@new.example.ca']]);
    expect(await rowOf(mailId ?? 0)).toMatchObject({
      state: 'sent',
      recipient: 'moving-operator@new.example.ca',
    });
    const db = t.services.database.db;
    expect(await claimForSending(log(), createAlertsRepository(db), textId ?? 0)).toBeNull();
    expect(await rowOf(textId ?? 0)).toMatchObject({
      state: 'cancelled',
      recipient: '+15195550123',
      lastError: 'Not sent: the recipient has no verified phone number now',
    });
  });

  // Decision 065, 2026-12-03 (e): a worker takes its fetched batch in one statement; when it fails
  // before sending, what it took is given back at once for the next try, and sent once.
  it("gives back a batch's claims at once when claiming it fails midway; the next sender sends each once", async () => {
    smtp.received.length = 0;
    const first = await raisedFor(t, 'batch-operator-1');
    const second = await raisedFor(t, 'batch-operator-2');
    const ids = await log().plan(
      [first.alert, second.alert].map((alert) => ({ alertId: alert.id, tier: 1, reminder: 0 })),
      'email',
      PUBLIC_URL,
    );
    expect(ids).toHaveLength(2);
    const { db } = t.services.database;
    const repository = createAlertsRepository(db);
    const lost = new Error('Connection terminated unexpectedly');
    const released = async () =>
      (await Promise.all(ids.map(rowOf))).map((row) => [
        row?.state,
        row?.claimedUntil,
        row?.attempts,
      ]);

    // The alerts' read fails once the rows are taken (the connection dropped).
    await expect(
      claimAllForSending(log(), { findDtos: () => Promise.reject(lost) }, ids),
    ).rejects.toThrow(lost.message);
    expect(await released()).toEqual([
      ['pending', null, 0],
      ['pending', null, 0],
    ]);
    // A row's own read fails after the other row was decided (the second tells tier 1 that the
    // alert went on to tier 2, whose people are read for it alone).
    await db
      .update(alertDeliveries)
      .set({ escalatedTo: 2 })
      .where(eq(alertDeliveries.id, ids[1] ?? 0));
    const failingPeople = { ...log(), askedAtTier: () => Promise.reject(lost) };
    await expect(claimAllForSending(failingPeople, repository, ids)).rejects.toThrow(lost.message);
    expect(await released()).toEqual([
      ['pending', null, 0],
      ['pending', null, 0],
    ]);

    // The next sender takes them at once (no lease to wait out) and sends each once.
    const mailer = sender();
    try {
      const claims = await mailer.claimAll(ids);
      for (const id of ids) expect(await mailer.send(id, () => true, claims.get(id))).toBe('sent');
      for (const id of ids) expect(await mailer.send(id, () => true)).toBe('skipped');
    } finally {
      mailer.close();
    }
    expect(smtp.received.map((mail) => mail.to[0]).sort()).toEqual(
      [first.operator.email, second.operator.email].sort(),
    );
    expect((await Promise.all(ids.map(rowOf))).map((row) => [row?.state, row?.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a worker whose batch fails before sending leaves it to the next try, which sends each once', async () => {
    smtp.received.length = 0;
    const { operator, alert } = await raisedFor(t, 'worker-operator');
    const { database } = t.services;
    const repository = createAlertsRepository(database.db);
    const logged = async () =>
      (
        await database.db
          .select()
          .from(alertDeliveries)
          .where(eq(alertDeliveries.alertId, alert.id))
      ).map((row) => [row.state, row.attempts]);
    // The first read of the batch's alerts fails (a database restart); later ones answer.
    let reads = 0;
    const flaky = {
      ...repository,
      findDtos: (alertIds: number[]) =>
        reads++ === 0
          ? Promise.reject(new Error('terminating connection due to administrator command'))
          : repository.findDtos(alertIds),
    };
    // As the server builds it: a pg-boss worker on PostgreSQL, the in-process pass on PGlite.
    const outlets = createAlertOutlets(
      { ...testConfig, smtpUrl: smtp.url(), publicUrl: PUBLIC_URL, alertDelivery: FAST_DELIVERY },
      database,
      flaky,
      { queued: true, log: () => undefined },
    );
    const outlet = outlets.notifier;
    if (!outlet) throw new Error('SMTP_URL is set, so there must be an email notifier');
    try {
      await outlets.queuedNotifier?.work();
      outlet.enqueue([alert.id]);
      await until(
        async () => JSON.stringify(await logged()) === JSON.stringify([['sent', 1]]),
        'the email sent after the failed batch',
      );
      await outlet.idle();
    } finally {
      await outlet.stop();
    }
    expect(reads).toBeGreaterThan(1);
    expect(smtp.received.map((mail) => mail.to)).toEqual([[operator.email]]);
    // The failed try took nothing: the one attempt is the send.
    expect(await logged()).toEqual([['sent', 1]]);
  });
});
