import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  alertActions,
  contactGroupMembers,
  contactGroups,
  users,
} from '../../../server/db/schema.ts';
import { companyOfUser } from '../../../server/repositories/companies-repository.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import type { ReceivedMail } from '../../helpers/smtp-receiver.ts';
import { alertMail } from '../../helpers/alert-mail.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const MINUTE = 60_000;
/** Tier 2 after 15 minutes, tier 3 after 60, a reminder every 30: tier 3 is 45 minutes after 2. */
const POLICY = {
  tier2AfterSeconds: 15 * 60,
  tier3AfterSeconds: 60 * 60,
  reminderEverySeconds: 30 * 60,
};

const keyOf = (mail: ReceivedMail) =>
  /^<(alert-\d+\.[^@]+)@/.exec(mail.headers.get('message-id') ?? '')?.[1] ?? '';

// Issue 32 / decision 077's amendment: an overdue action not done keeps reminding its owner and
// those told every reminder interval of its alert's escalation, climbs to the next tier after the
// alerts' own gap between the tiers, and stops once it is done; each step is claimed once, even
// by two checks in two processes at once. The checks are asked at chosen instants after the due
// time, so an hour of policy takes seconds.
describe.each(drivers)('reminders of overdue actions on %s', (kind) => {
  const t = setupTestApp(kind);
  const { smtp, notifier, serviceWith, settled } = alertMail(t, { escalation: POLICY });

  /** An acknowledged alert with one action of a contact group, due a minute ago. */
  async function overdueScene() {
    const { db } = t.services.database;
    const manager = await t.createUser({ staff: true, name: `manager-${kind}` });
    const operator = await t.createUser({ name: `operator-${kind}` });
    const crew = await t.createUser({ name: `crew-${kind}` });
    // Platform staff sitting in another company: the bridge's tier 3.
    const platform = await t.createUser({ staff: true, name: `platform-${kind}` });
    await db
      .update(users)
      .set({ companyId: await companyOfUser(db, 'Platform Co') })
      .where(eq(users.id, platform.id));
    const { bridge } = await bridgeWithStreams(t, 'Reminder Viaduct');
    await assignBridge(t, operator.id, bridge.id);
    // The crew work on this bridge: they may see its alerts and tick its actions off.
    await assignBridge(t, crew.id, bridge.id);
    const alerts = serviceWith(await notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    if (!alert) throw new Error('the evaluation must raise an alert');
    await until(() => smtp.received.length >= 1, 'the alert’s own first notice', 8000);
    await t.request({
      method: 'POST',
      url: `/api/v1/alerts/${alert.id}/acknowledge`,
      token: operator.token,
      body: { comment: 'Seen; crew booked.' },
    });
    const [group] = await db
      .insert(contactGroups)
      .values({ companyId: bridge.companyId, name: 'Inspection crew' })
      .returning();
    if (!group) throw new Error('the group must be stored');
    await db.insert(contactGroupMembers).values({ groupId: group.id, userId: crew.id });
    const due = new Date(Date.now() - MINUTE);
    const [action] = await db
      .insert(alertActions)
      .values({
        alertId: alert.id,
        level: 'amber',
        position: 0,
        text: 'Inspect the bearings',
        ownerGroupId: group.id,
        ownerName: 'Inspection crew',
        dueAt: due,
      })
      .returning({ id: alertActions.id });
    if (!action) throw new Error('the action must be stored');
    const at = (minutes: number) => new Date(due.getTime() + minutes * MINUTE);
    const key = (tier: number, userId: number, reminder = 0) =>
      `alert-${alert.id}.action-${action.id}.tier-${tier}.user-${userId}.email${reminder > 0 ? `.reminder-${reminder}` : ''}`;
    return { manager, operator, crew, platform, alert, alerts, action: action.id, at, key };
  }

  /** The overdue action's emails received so far, by key. */
  const actionMails = () =>
    smtp.received
      .map(keyOf)
      .filter((key) => key.includes('.action-'))
      .sort();

  it('reminds every interval once, even from two checks at once, climbs a tier, and stops when done', async () => {
    const scene = await overdueScene();
    const { alerts, action, at, key, manager, crew, platform } = scene;
    const other = serviceWith(await notifier({}, { work: false }));

    // At the due time: the tier above the group, once.
    expect(await alerts.escalateOverdueActions(at(1))).toEqual([action]);
    expect(await alerts.escalateOverdueActions(at(2))).toEqual([]);
    await until(() => actionMails().length >= 1, 'the first notice', 15_000);

    // The first reminder, asked of two processes at once: one claims it.
    const [first, second] = await Promise.all([
      alerts.escalateOverdueActions(at(31)),
      other.escalateOverdueActions(at(31)),
    ]);
    expect([...first, ...second]).toEqual([action]);
    expect(await alerts.escalateOverdueActions(at(32))).toEqual([]);
    await until(() => actionMails().length >= 3, 'the first reminder', 15_000);

    // 45 minutes after tier 2, tier 3; then the second reminder reaches all three tiers told.
    expect(await alerts.escalateOverdueActions(at(46))).toEqual([action]);
    await until(() => actionMails().length >= 4, 'tier 3', 15_000);
    expect(await alerts.escalateOverdueActions(at(61))).toEqual([action]);
    await until(() => actionMails().length >= 7, 'the second reminder', 15_000);
    await settled();
    expect(actionMails()).toEqual(
      [
        key(2, manager.id),
        key(1, crew.id, 1),
        key(2, manager.id, 1),
        key(3, platform.id),
        key(1, crew.id, 2),
        key(2, manager.id, 2),
        key(3, platform.id, 2),
      ].sort(),
    );
    const reminder = smtp.received.find((mail) => keyOf(mail) === key(1, crew.id, 2));
    expect(reminder?.to).toEqual([crew.email]);
    expect(reminder?.headers.get('subject')).toBe(
      '[SpanWatch] Reminder 2: action still overdue: Inspect the bearings on Reminder Viaduct',
    );
    expect(reminder?.text).toContain('Reminders go on until it is ticked off.');

    // Ticked off by the crew: no check reminds of it again.
    const done = await t.request<{ done_at: string | null }>({
      method: 'POST',
      url: `/api/v1/alerts/${scene.alert.id}/actions/${action}/complete`,
      token: crew.token,
      body: { comment: 'Bearings inspected; no movement.' },
    });
    expect(done.status).toBe(200);
    expect(await alerts.escalateOverdueActions(at(91))).toEqual([]);
    expect(await alerts.escalateOverdueActions(at(400))).toEqual([]);
    await settled();
    expect(actionMails()).toHaveLength(7);

    // The bell: a line per tier reached, none per reminder.
    const bell = await t.request<{ items: { kind: string; tier: number }[] }>({
      method: 'GET',
      url: '/api/v1/notifications',
      token: manager.token,
    });
    const overdue = bell.body.items.filter((item) => item.kind === 'action_overdue');
    expect(overdue.map((item) => item.tier).sort()).toEqual([2, 3]);
  }, 90_000);

  it('sends only the latest reminder after a long stop, none beside the first notice, and none of a cleared alert', async () => {
    const { alerts, action, at, key, manager, crew, platform, alert } = await overdueScene();
    expect(await alerts.escalateOverdueActions(at(1))).toEqual([action]);
    // Nobody checked for two hours: tier 3 and the fourth reminder, not reminders 1 to 3.
    expect(await alerts.escalateOverdueActions(at(121))).toEqual([action]);
    await until(() => actionMails().length >= 5, 'the notices after the long stop', 15_000);
    await settled();
    expect(actionMails()).toEqual(
      [
        key(2, manager.id),
        key(3, platform.id),
        key(1, crew.id, 4),
        key(2, manager.id, 4),
        key(3, platform.id, 4),
      ].sort(),
    );
    await alerts.analysisCompleted({ ...outcome(alert.bridgeId, 0), evaluatedAt: new Date() });
    expect(await alerts.escalateOverdueActions(at(151))).toEqual([]);
    await settled();
    expect(actionMails()).toHaveLength(5);
  }, 90_000);

  it("reminds at the action's own interval when its plan gave one, not the alert's", async () => {
    const scene = await overdueScene();
    const { alerts, action, at, key, manager, crew } = scene;
    // Copied from a plan whose action said "remind every 10 minutes" (decision 077, amended).
    await t.services.database.db
      .update(alertActions)
      .set({ reminderMinutes: 10 })
      .where(eq(alertActions.id, action));

    expect(await alerts.escalateOverdueActions(at(1))).toEqual([action]);
    // The alert's interval is 30 minutes: at 11 and 21 only the action's own is due.
    expect(await alerts.escalateOverdueActions(at(9))).toEqual([]);
    expect(await alerts.escalateOverdueActions(at(11))).toEqual([action]);
    expect(await alerts.escalateOverdueActions(at(12))).toEqual([]);
    expect(await alerts.escalateOverdueActions(at(21))).toEqual([action]);
    await until(() => actionMails().length >= 5, 'two reminders', 15_000);
    await settled();
    expect(actionMails()).toEqual(
      [
        key(2, manager.id),
        key(1, crew.id, 1),
        key(2, manager.id, 1),
        key(1, crew.id, 2),
        key(2, manager.id, 2),
      ].sort(),
    );
  });
});
