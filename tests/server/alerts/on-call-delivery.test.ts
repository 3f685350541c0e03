import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDeliveryLog } from '../../../server/alerts/alert-deliveries.ts';
import { createAlertsRepository } from '../../../server/alerts/alerts-repository.ts';
import { claimForSending } from '../../../server/alerts/claim-delivery.ts';
import { toldOf } from '../../../server/alerts/told-people.ts';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { alertMail } from '../../helpers/alert-mail.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const HOUR = 3_600_000;

/** A daily rota of the company: these members in turn, these overrides. */
async function rota(
  t: TestContext,
  companyId: number,
  members: number[],
  overrides: { userId: number; from: Date; to: Date }[] = [],
) {
  await t.services.rotas.create(companyId, {
    name: `Rota of ${members.join(', ') || 'none'}`,
    rotation: 'daily',
    handOffTime: '09:00',
    timeZone: 'America/Toronto',
    startsOn: '2026-01-01',
    members,
    overrides: overrides.map((o) => ({ ...o, reason: 'cover' })),
  });
}

// Decision 056: whoever is on call now in the bridge's company's rotas is told at tier 1, beside
// the users the bridge is assigned to, once each. A real SMTP server on loopback.
describe.each(drivers)('on-call people in alert delivery on %s', (kind) => {
  const t = setupTestApp(kind);
  const mail = alertMail(t);
  const { smtp } = mail;
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  it("emails the company's on-call person at tier 1, once, and no one off call", async () => {
    const operator = await t.createUser({ name: 'assigned-operator' });
    const onCall = await t.createUser({ name: 'on-call-engineer' });
    const resting = await t.createUser({ name: 'resting-engineer' });
    const stranger = await companyPerson(t, 'other-on-call', 'Other Crossings');
    const { bridge } = await bridgeWithStreams(t, 'Humber');
    await assignBridge(t, operator.id, bridge.id);
    const now = Date.now();
    // Resting's turn, but an override puts the on-call engineer on call for now.
    await rota(
      t,
      bridge.companyId,
      [resting.id],
      [{ userId: onCall.id, from: new Date(now - HOUR), to: new Date(now + HOUR) }],
    );
    // The assigned operator is on call too: still one email each.
    await rota(t, bridge.companyId, [operator.id]);
    // Another company's on-call person hears nothing of this bridge.
    await rota(t, stranger.row.companyId, [stranger.row.id]);

    const alerts = mail.serviceWith(await mail.notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const raised = (await storedAlerts(t, bridge.id)).length;
    expect(raised).toBeGreaterThan(0);
    await until(
      () => mailsTo(onCall.email).length === raised && mailsTo(operator.email).length === raised,
      "the on-call engineer's and the operator's emails",
    );
    const rows = await t.services.database.db
      .select({ userId: alertDeliveries.userId, tier: alertDeliveries.tier })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.channel, 'email'));
    expect(rows.filter((row) => row.userId === onCall.id).map((row) => row.tier)).toEqual(
      Array(raised).fill(1),
    );
    expect(rows.filter((row) => row.userId === operator.id)).toHaveLength(raised);
    expect(mailsTo(operator.email)).toHaveLength(raised);
    expect(mailsTo(resting.email)).toHaveLength(0);
    expect(mailsTo(stranger.row.email)).toHaveLength(0);
    expect(rows.map((row) => row.userId).sort()).toEqual(
      [...Array(raised).fill(operator.id), ...Array(raised).fill(onCall.id)].sort(),
    );
  });

  // A person on call in one company's rota is on call for that company alone. One look plans
  // every company's due alerts together; someone still in company A's rota after staff moved
  // them to company B must not be paged as on call for B's alerts, which no rota of B names.
  it("pages a rota's member for the rota's company only, when companies' alerts are planned together", async () => {
    const moved = await companyPerson(t, `moved-on-call-${kind}`, 'Other Crossings');
    const { bridge } = await bridgeWithStreams(t, 'Humber');
    // Company A's rota still names the person (written while they were A's).
    await rota(t, bridge.companyId, [moved.row.id]);
    const theirs = await t.services.bridges.create({
      companyId: moved.row.companyId,
      name: 'Credit',
      location: 'R',
    });
    await t.services.alerts.analysisCompleted(outcome(bridge.id, 1));
    await t.services.alerts.analysisCompleted(outcome(theirs.id, 1));
    const [ours] = await storedAlerts(t, bridge.id);
    const [their] = await storedAlerts(t, theirs.id);
    const notices = [ours, their].map((alert) => ({
      alertId: alert?.id ?? 0,
      tier: 1,
      reminder: 0,
    }));

    const db = t.services.database.db;
    await createDeliveryLog(db).plan(notices, 'email', 'https://spanwatch.example.ca');
    const paged = await db
      .select({ alertId: alertDeliveries.alertId })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, moved.row.id));
    expect(paged).toEqual([]);
    const belled = (await toldOf(db, notices)).filter((row) => row.userId === moved.row.id);
    expect(belled).toEqual([]);
  });

  // A notice waits (quiet hours, maintenance, an outage) with its recipient's address; staff may
  // move that person to another company meanwhile. What they are told then is another company's.
  it('does not send a waiting notice to a recipient moved to another company before it went', async () => {
    const operator = await t.createUser({ name: `moved-operator-${kind}` });
    const { bridge } = await bridgeWithStreams(t, 'Humber');
    await assignBridge(t, operator.id, bridge.id);
    await t.services.alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const db = t.services.database.db;
    const deliveries = createDeliveryLog(db);
    const [id] = await deliveries.plan(
      [{ alertId: alert?.id ?? 0, tier: 1, reminder: 0 }],
      'email',
      'https://spanwatch.example.ca',
    );
    await t.services.users.update(operator.id, { company: 'Other Crossings' });

    expect(await claimForSending(deliveries, createAlertsRepository(db), id ?? 0)).toBeNull();
    const [row] = await db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.id, id ?? 0));
    expect(row).toMatchObject({
      state: 'cancelled',
      lastError: "Not sent: the recipient is no longer of the alert's company",
    });
  });
});
