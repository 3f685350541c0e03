import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryLog } from '../../../server/alerts/alert-deliveries.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { claimForSending } from '../../../server/alerts/claim-delivery.ts';
import { createEmailSender } from '../../../server/alerts/email-sender.ts';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { smtpReceiver } from '../../helpers/smtp-receiver.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
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
});
