import { describe, expect, it } from 'vitest';
import { alertActions, contactGroups } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import type { ReceivedMail } from '../../helpers/smtp-receiver.ts';
import { ALERT_MAIL_URL, alertMail } from '../../helpers/alert-mail.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const HOUR = 3_600_000;

interface Delivery {
  tier: number;
  reminder: number;
  state: string;
  action?: number | null;
  recipient: { username: string } | null;
}
interface BellItem {
  kind: string;
  tier: number;
  alert: { id: number };
  action: { id: number; text: string; owner_name: string } | null;
}

const keyOf = (mail: ReceivedMail) =>
  /^<(alert-\d+\.[^@]+)@/.exec(mail.headers.get('message-id') ?? '')?.[1] ?? '';

// Issue 32 / decision 077: an action the alert's trigger level required, past its due time and
// not done, escalates like an alert: first to the tier above its owner, by email and the bell,
// listed in the alert's delivery log; a done action, one not yet due and a cleared alert's not.
describe.each(drivers)('overdue response actions on %s', (kind) => {
  const t = setupTestApp(kind);
  const { smtp, notifier, serviceWith, settled } = alertMail(t);

  /** A bridge whose operator is told at tier 1 and its company's manager at tier 2. */
  async function alertWithActions(name: string) {
    const slug = name.toLowerCase().replace(/\W+/g, '-');
    const manager = await t.createUser({ staff: true, name: `manager-${slug}-${kind}` });
    const operator = await t.createUser({ name: `operator-${slug}-${kind}` });
    const { bridge } = await bridgeWithStreams(t, name);
    await assignBridge(t, operator.id, bridge.id);
    const alerts = serviceWith(await notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    if (!alert) throw new Error('the evaluation must raise an alert');
    await until(() => smtp.received.length >= 1, 'the alert’s own first notice', 8000);
    const { db } = t.services.database;
    const [group] = await db
      .insert(contactGroups)
      .values({ companyId: bridge.companyId, name: 'Inspection crew' })
      .returning();
    const now = Date.now();
    const action = (position: number, text: string, dueAt: Date, done = false, byGroup = true) => ({
      alertId: alert.id,
      level: 'amber' as const,
      position,
      text,
      ownerGroupId: byGroup ? (group?.id ?? null) : null,
      ownerName: byGroup ? 'Inspection crew' : 'Company administrators',
      dueAt,
      ...(done ? { doneAt: new Date(now - HOUR), doneComment: 'Inspected; no change.' } : {}),
    });
    const rows = await db
      .insert(alertActions)
      .values([
        action(0, 'Inspect the main span', new Date(now - 2 * HOUR)),
        action(1, 'Check the bearings', new Date(now - HOUR)),
        action(2, 'Read the crack gauges', new Date(now - 3 * HOUR), true),
        action(3, 'Report to the engineer of record', new Date(now + 72 * HOUR)),
        // The administrators' own duty goes to tier 3, platform staff; here every staff user
        // sits in the bridge's company (tier 2), so it reaches the highest tier with people.
        action(4, 'Call the engineer of record', new Date(now - HOUR / 2), false, false),
      ])
      .returning({ id: alertActions.id });
    return { manager, operator, bridge, alert, alerts, ids: rows.map((row) => row.id) };
  }

  it('emails tier 2 once per overdue action, even when two checks in two processes run at once', async () => {
    const { manager, operator, alert, alerts, ids } = await alertWithActions('Overdue Arch');
    const [inspect, bearings, , , call] = ids;
    // Acknowledged: someone has seen the alert, but the inspection is still not done.
    const acknowledged = await t.request<{ state: string }>({
      method: 'POST',
      url: `/api/v1/alerts/${alert.id}/acknowledge`,
      token: operator.token,
      body: { comment: 'Seen; crew on the way.' },
    });
    expect(acknowledged.body.state).toBe('acknowledged');

    // A second process: it plans and queues on PostgreSQL, as an API process does.
    const other = serviceWith(await notifier({}, { work: false }));
    const now = new Date();
    const claimed = await Promise.all([
      alerts.escalateOverdueActions(now),
      other.escalateOverdueActions(now),
      alerts.escalateOverdueActions(new Date(now.getTime() + 1000)),
    ]);
    expect(claimed.flat().sort()).toEqual([inspect, bearings, call].sort());

    const tier2 = (action?: number) =>
      `alert-${alert.id}.action-${action}.tier-2.user-${manager.id}.email`;
    await until(() => smtp.received.length >= 4, 'the three overdue actions’ emails', 15_000);
    await settled();
    // A later check before the next reminder finds nothing new (action-reminders.test.ts has
    // the reminders and tier 3).
    expect(await alerts.escalateOverdueActions(new Date(now.getTime() + 60_000))).toEqual([]);
    expect(smtp.received.map(keyOf).sort()).toEqual(
      [
        `alert-${alert.id}.tier-1.user-${operator.id}.email`,
        tier2(inspect),
        tier2(bearings),
        tier2(call),
      ].sort(),
    );
    const mail = smtp.received.find((received) => keyOf(received) === tier2(inspect));
    expect(mail?.to).toEqual([manager.email]);
    expect(mail?.headers.get('subject')).toBe(
      '[SpanWatch] Action overdue (tier 2): Inspect the main span on Overdue Arch',
    );
    const lines = mail?.text.split('\n') ?? [];
    expect(lines).toContain('Bridge: Overdue Arch');
    expect(lines).toContain(`Alert: Anomaly Detection (no. ${alert.id}), High`);
    expect(lines).toContain('Action (amber level): Inspect the main span');
    expect(lines).toContain('Owner: Inspection crew');
    expect(lines.some((line) => /^Due: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/.test(line))).toBe(true);
    expect(lines).toContain(
      `Tick it off with a comment on the alert's page: ${ALERT_MAIL_URL}/alerts/${alert.id}`,
    );

    const log = await t.request<Delivery[]>({
      method: 'GET',
      url: `/api/v1/alerts/${alert.id}/deliveries`,
      token: manager.token,
    });
    const logged = log.body.map((d) => [d.recipient?.username, d.tier, d.action ?? null, d.state]);
    expect(logged[0]).toEqual([`operator-overdue-arch-${kind}`, 1, null, 'sent']);
    // The overdue actions' rows in the order their claims planned them: compared as a set.
    expect(logged.slice(1).sort()).toEqual(
      [inspect, bearings, call].map((id) => [`manager-overdue-arch-${kind}`, 2, id, 'sent']).sort(),
    );

    const bell = await t.request<{ items: BellItem[] }>({
      method: 'GET',
      url: '/api/v1/notifications',
      token: manager.token,
    });
    const overdue = bell.body.items.filter((item) => item.kind === 'action_overdue');
    // The group's two actions, an hour and two past due, are past the 45 minutes after which tier
    // 3 follows tier 2 (the default policy), and the administrators' own action starts at tier 3;
    // tier 3 has nobody here, so the emails went to tier 2, and the bell says what happened:
    // tier 2, one line each (decision 077: it once named the tier asked for, 3).
    expect(overdue.map((item) => [item.alert.id, item.tier, item.action?.text]).sort()).toEqual(
      [
        [alert.id, 2, 'Check the bearings'],
        [alert.id, 2, 'Inspect the main span'],
        [alert.id, 2, 'Call the engineer of record'],
      ].sort(),
    );
  }, 60_000);

  it('tells nobody of a done action, one not yet due, or the actions of a cleared alert', async () => {
    const { bridge, alert, alerts } = await alertWithActions('Cleared Truss');
    await alerts.analysisCompleted({ ...outcome(bridge.id, 0), evaluatedAt: new Date() });
    const [stored] = await storedAlerts(t, bridge.id);
    expect(stored?.state).toBe('cleared');

    expect(await alerts.escalateOverdueActions(new Date())).toEqual([]);
    await settled();
    expect(smtp.received.map(keyOf).filter((key) => key.includes('.action-'))).toEqual([]);
    const log = await t.request<Delivery[]>({
      method: 'GET',
      url: `/api/v1/alerts/${alert.id}/deliveries`,
      token: (await t.createUser({ staff: true })).token,
    });
    expect(log.body.filter((d) => d.action !== null)).toEqual([]);
  }, 60_000);
});
