import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDeliveryLog } from '../../../server/alerts/alert-deliveries.ts';
import { createEscalation } from '../../../server/alerts/escalation.ts';
import { DEFAULT_ESCALATION } from '../../../server/alerts/escalation-policy.ts';
import { alertDeliveries, notifications } from '../../../server/db/schema.ts';
import { companyOfUser } from '../../../server/repositories/companies-repository.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, TEST_COMPANY } from '../../helpers/test-app.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

// Decision 069: an alert escalates on its company's own delays, kept from its raise; a company
// without settings keeps the server's default (15 minutes to tier 2). The looks are asked at
// chosen moments, so minutes of policy take no time to test.
describe.each(drivers)("escalation on the company's own delays on %s", (kind) => {
  const t = setupTestApp(kind);

  it("reaches tier 2 after the company's shorter delay, and keeps it for the alert once raised", async () => {
    const companyId = await companyOfUser(t.services.database.db, TEST_COMPANY);
    const manager = await companyPerson(t, 'manager', TEST_COMPANY, { admin: true });
    await t.services.companyEscalation.set(companyId, {
      tier2Minutes: 2,
      tier3Minutes: 4,
      reminderMinutes: null,
    });
    const { bridge } = await bridgeWithStreams(t, 'Macdonald');
    // Its operator is tier 1, so the company's administrator is tier 2.
    const operator = await companyPerson(t, 'operator', TEST_COMPANY);
    await assignBridge(t, operator.row.id, bridge.id);
    await t.services.alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const raisedAt = alert?.raisedAt ?? new Date();
    const id = alert?.id ?? 0;

    // A change after the raise applies to alerts raised after it, not to this one.
    await t.services.companyEscalation.set(companyId, {
      tier2Minutes: 30,
      tier3Minutes: 60,
      reminderMinutes: 5,
    });
    const db = t.services.database.db;
    const escalation = createEscalation(db, createDeliveryLog(db), {
      policy: DEFAULT_ESCALATION,
      channel: 'email',
      publicUrl: 'https://spanwatch.example.ca',
    });
    expect(await escalation.nextDeadline(id, raisedAt)).toEqual(at(raisedAt, 120));
    expect(await escalation.plan(at(raisedAt, 119))).toEqual([]);
    const planned = await escalation.plan(at(raisedAt, 121));
    const rows = await db
      .select({
        tier: alertDeliveries.tier,
        userId: alertDeliveries.userId,
        escalatedTo: alertDeliveries.escalatedTo,
      })
      .from(alertDeliveries)
      .where(inArray(alertDeliveries.id, planned))
      .orderBy(desc(alertDeliveries.tier));
    // The manager is asked; the operator told it went on to tier 2 (decision 080 (d)).
    expect(rows).toEqual([
      { tier: 2, userId: manager.row.id, escalatedTo: null },
      { tier: 1, userId: operator.row.id, escalatedTo: 2 },
    ]);
    // Tier 3 (staff: none here) next at 4 minutes, and no reminders in between.
    expect(await escalation.nextDeadline(id, at(raisedAt, 121))).toEqual(at(raisedAt, 240));

    // Another company's bridge, without settings, waits the default's 15 minutes.
    const other = await companyPerson(t, 'other-admin', 'Other Crossings', { admin: true });
    const theirs = await t.services.bridges.create({
      companyId: other.row.companyId,
      name: 'Credit',
      location: 'R',
    });
    await t.services.alerts.analysisCompleted(outcome(theirs.id, 1));
    const [their] = await storedAlerts(t, theirs.id);
    const theirRaise = their?.raisedAt ?? new Date();
    expect(await escalation.plan(at(theirRaise, 121), [their?.id ?? 0])).toEqual([]);
    expect(await escalation.nextDeadline(their?.id ?? 0, theirRaise)).toEqual(
      at(theirRaise, DEFAULT_ESCALATION.tier2AfterSeconds),
    );
    const theirRows = await db
      .select({ id: alertDeliveries.id })
      .from(alertDeliveries)
      .where(eq(alertDeliveries.alertId, their?.id ?? 0));
    expect(theirRows).toEqual([]);
  });

  // The bell's tier-2 and tier-3 lines follow the same kept delays as the emails: a company that
  // calls its managers after 2 minutes has them told on the bell then, not at the default's 15.
  it("tells the bell of tier 2 on the alert's kept company delay, not the server's", async () => {
    const companyId = await companyOfUser(t.services.database.db, TEST_COMPANY);
    await companyPerson(t, 'bell-manager', TEST_COMPANY, { admin: true });
    await t.services.companyEscalation.set(companyId, {
      tier2Minutes: 2,
      tier3Minutes: 40,
      reminderMinutes: null,
    });
    const { bridge } = await bridgeWithStreams(t, 'Jacques Cartier');
    // The bridge's operator is tier 1, so the manager is tier 2.
    const operator = await companyPerson(t, 'bell-operator', TEST_COMPANY);
    await assignBridge(t, operator.row.id, bridge.id);
    await t.services.alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const raisedAt = alert?.raisedAt ?? new Date();
    await t.services.companyEscalation.set(companyId, {
      tier2Minutes: 30,
      tier3Minutes: 60,
      reminderMinutes: 5,
    });
    // The tiers the bell has told of: a tier's new line, or a line told before updated to it
    // (decision 080, 2026-12-02 (c)).
    const escalatedTiers = async () =>
      (
        await t.services.database.db
          .select({
            kind: notifications.kind,
            tier: notifications.tier,
            since: notifications.escalatedTier,
          })
          .from(notifications)
          .where(eq(notifications.alertId, alert?.id ?? 0))
      ).flatMap((row) => [
        ...(row.kind === 'escalated' ? [row.tier] : []),
        ...(row.since === null ? [] : [row.since]),
      ]);

    await t.services.alerts.escalateInApp(at(raisedAt, 119));
    expect(await escalatedTiers()).toEqual([]);
    await t.services.alerts.escalateInApp(at(raisedAt, 121));
    expect(new Set(await escalatedTiers())).toEqual(new Set([2]));
    // Tier 3 at the kept 40 minutes, not the default's hour nor the new setting's.
    await t.services.alerts.escalateInApp(at(raisedAt, 39 * 60));
    expect(new Set(await escalatedTiers())).toEqual(new Set([2]));
    await t.services.alerts.escalateInApp(at(raisedAt, 40 * 60 + 1));
    expect(new Set(await escalatedTiers())).toEqual(new Set([2, 3]));
  });
});
