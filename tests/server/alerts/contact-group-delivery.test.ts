import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Threat } from '../../../domain/health.ts';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { ALERT_MAIL_URL, alertMail } from '../../helpers/alert-mail.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, type TestContext } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

/** A contact group of these people and a rule sending it alerts by email (decision 060). */
async function routeByEmail(
  t: TestContext,
  companyId: number,
  members: number[],
  rule: { bridgeId: number | null; alertTypes: string[] | null; minSeverity: Threat },
  tier = 1,
) {
  const group = await t.services.contactGroups.createGroup(companyId, {
    name: `Group of ${members.join(', ')}`,
    members,
  });
  await t.services.contactGroups.createRule(companyId, {
    ...rule,
    groupId: group.id,
    channels: ['email'],
    tier,
  });
}

// Decision 060: a rule adds its group's members to the alert's recipients at its tier, on its
// channels, beside those told today. A real SMTP server on loopback.
describe.each(drivers)('contact groups in alert delivery on %s', (kind) => {
  const t = setupTestApp(kind);
  const mail = alertMail(t);
  const { smtp } = mail;
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
  const emailRowsOf = async (userId: number) =>
    (
      await t.services.database.db
        .select({ userId: alertDeliveries.userId, alertId: alertDeliveries.alertId })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.channel, 'email'))
    ).filter((row) => row.userId === userId);

  it("emails a group's member the Critical structural alerts of the rule's bridge, and no other", async () => {
    const operator = await t.createUser({ name: 'assigned-operator' });
    const engineer = await t.createUser({ name: 'structural-engineer' });
    const elsewhere = await t.createUser({ name: 'other-bridge-engineer' });
    const { bridge } = await bridgeWithStreams(t, 'Humber');
    const { bridge: other } = await bridgeWithStreams(t, 'Credit');
    await assignBridge(t, operator.id, bridge.id);
    await routeByEmail(t, bridge.companyId, [engineer.id], {
      bridgeId: bridge.id,
      alertTypes: ['Structural Warning'],
      minSeverity: 'Critical',
    });
    // Every alert of another bridge: nothing of Humber's.
    await routeByEmail(t, bridge.companyId, [elsewhere.id], {
      bridgeId: other.id,
      alertTypes: null,
      minSeverity: 'Low',
    });

    const alerts = mail.serviceWith(await mail.notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 6));
    const raised = await storedAlerts(t, bridge.id);
    const structural = raised.filter(
      (a) => a.type === 'Structural Warning' && a.severity === 'Critical',
    );
    expect(structural).toHaveLength(1);
    expect(raised.length).toBeGreaterThan(1);
    await until(
      () => mailsTo(operator.email).length === raised.length && mailsTo(engineer.email).length > 0,
      "the operator's and the engineer's emails",
    );
    expect(mailsTo(engineer.email).map((m) => m.headers.get('subject'))).toEqual([
      '[SpanWatch] Critical: Structural Warning on Humber',
    ]);
    expect((await emailRowsOf(engineer.id)).map((row) => row.alertId)).toEqual([structural[0]?.id]);
    expect(await emailRowsOf(elsewhere.id)).toEqual([]);
    expect(mailsTo(elsewhere.email)).toHaveLength(0);
  });

  it('does not send a Medium alert by a rule from High up', async () => {
    const operator = await t.createUser({ name: 'assigned-operator' });
    const engineer = await t.createUser({ name: 'duty-engineer' });
    const { bridge } = await bridgeWithStreams(t, 'Humber');
    await assignBridge(t, operator.id, bridge.id);
    await routeByEmail(t, bridge.companyId, [engineer.id], {
      bridgeId: null,
      alertTypes: null,
      minSeverity: 'High',
    });

    const alerts = mail.serviceWith(await mail.notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 3));
    const raised = await storedAlerts(t, bridge.id);
    const serious = raised.filter((a) => a.severity === 'High' || a.severity === 'Critical');
    expect(raised.filter((a) => a.severity === 'Medium').length).toBeGreaterThan(0);
    expect(serious.length).toBeGreaterThan(0);
    await until(
      () =>
        mailsTo(operator.email).length === raised.length &&
        mailsTo(engineer.email).length === serious.length,
      "the operator's and the engineer's emails",
    );
    const routed = (await emailRowsOf(engineer.id)).map((row) => row.alertId).sort();
    expect(routed).toEqual(serious.map((a) => a.id).sort());
    expect(mailsTo(engineer.email).map((m) => m.headers.get('subject'))).not.toContainEqual(
      expect.stringContaining('Medium'),
    );
  });
});

interface AlertAnswer {
  detail?: string;
  id?: number;
  state?: string;
  comment?: string | null;
  acknowledged_by?: { username: string } | null;
  alert?: { id: number; state: string; bridge_name: string };
}

// Decision 080: a person told of an alert (a contact group's member the bridge is not assigned
// to) may open that alert from the email, read its actions and delivery log, tick its actions
// off and acknowledge it, with the email's link or by id; not the bridge's other alerts, not its
// dashboard, and nobody else who was not told. The requests run as the company's tenant role, so
// row-level security (decision 072) is asked too.
describe.each(drivers)('a contact group member told of an alert on %s', (kind) => {
  const t = setupTestApp(kind);
  const mail = alertMail(t);
  const { smtp } = mail;

  /**
   * An operator assigned the bridge, a contact group's engineer who is not, and a bystander; the
   * bridge's Critical structural alert is raised and routed by email to the engineer's group.
   */
  async function toldScene(prefix: string, bridgeName: string) {
    const operator = await t.createUser({ name: `${prefix}assigned-${kind}` });
    const engineer = await t.createUser({ name: `${prefix}group-engineer-${kind}` });
    const bystander = await t.createUser({ name: `${prefix}bystander-${kind}` });
    const { bridge } = await bridgeWithStreams(t, bridgeName);
    await assignBridge(t, operator.id, bridge.id);
    await routeByEmail(t, bridge.companyId, [engineer.id], {
      bridgeId: bridge.id,
      alertTypes: ['Structural Warning'],
      minSeverity: 'Critical',
    });
    const alerts = mail.serviceWith(await mail.notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 6));
    const raised = await storedAlerts(t, bridge.id);
    await until(
      () => smtp.received.some((m) => m.to.includes(engineer.email)),
      "the engineer's email",
    );
    const email = smtp.received.find((m) => m.to.includes(engineer.email));
    return { operator, engineer, bystander, bridge, raised, email };
  }

  it('opens and acknowledges the alert from the email link; not the bridge or other alerts', async () => {
    const { engineer, bystander, bridge, raised, email } = await toldScene('', 'Humber');
    const told = raised.find((a) => a.type === 'Structural Warning');
    const untold = raised.find((a) => a.type !== 'Structural Warning');
    const link = /^Acknowledge it with a comment \(after signing in\): (\S+)$/m.exec(
      email?.text ?? '',
    )?.[1];
    const token = new URL(link ?? 'https://x.invalid').searchParams.get('token') ?? '';
    const as = (who: { token: string }, method: 'GET' | 'POST', url: string, body?: object) =>
      t.request<AlertAnswer>({ method, url, token: who.token, ...(body ? { body } : {}) });

    const shown = await as(
      engineer,
      'GET',
      `/api/v1/alert-links/acknowledge?token=${encodeURIComponent(token)}`,
    );
    expect(shown.status).toBe(200);
    expect(shown.body.alert).toMatchObject({
      id: told?.id,
      state: 'active',
      bridge_name: 'Humber',
    });
    expect((await as(engineer, 'GET', `/api/v1/alerts/${told?.id}/actions`)).status).toBe(200);
    expect((await as(engineer, 'GET', `/api/v1/alerts/${told?.id}/deliveries`)).status).toBe(200);
    // Not the bridge's list, not an alert of it nobody told the engineer of, nothing for a bystander.
    expect((await as(engineer, 'GET', `/api/v1/alerts?bridge=${bridge.id}`)).status).toBe(404);
    expect((await as(engineer, 'GET', `/api/v1/alerts/${untold?.id}/deliveries`)).status).toBe(404);
    expect(
      (await as(bystander, 'POST', `/api/v1/alerts/${told?.id}/acknowledge`, { comment: 'Seen' }))
        .status,
    ).toBe(404);

    const done = await as(engineer, 'POST', '/api/v1/alert-links/acknowledge', {
      token,
      comment: 'On my way to the bridge.',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      id: told?.id,
      state: 'acknowledged',
      comment: 'On my way to the bridge.',
      acknowledged_by: { username: `group-engineer-${kind}` },
    });
  });

  it("the email's page link opens the alert's page data for the told person; the dashboard's stays 404", async () => {
    const { operator, engineer, bystander, bridge, raised, email } = await toldScene(
      'page-',
      'Pont Victoria',
    );
    const told = raised.find((a) => a.type === 'Structural Warning');
    const pageLink = /^The alert, its actions and who was told: (\S+)$/m.exec(
      email?.text ?? '',
    )?.[1];
    // The SPA's /alerts/$id route (src/routes/_signed-in/alerts.$id.tsx) draws this address.
    expect(pageLink).toBe(`${ALERT_MAIL_URL}/alerts/${told?.id}`);
    const page = new URL(pageLink ?? 'https://x.invalid').pathname;
    const get = (who: { token: string }, url: string) =>
      t.request<AlertViewAnswer>({ method: 'GET', url, token: who.token });

    const opened = await get(engineer, `/api/v1${page}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      alert: { id: told?.id, bridge_name: 'Pont Victoria', state: 'active' },
      bridge_visible: false,
      display: { time_zone: null, units: 'metric' },
    });
    expect((await get(engineer, `/api/v1/alerts/${told?.id}/actions`)).status).toBe(200);
    expect((await get(engineer, `/api/v1/alerts/${told?.id}/deliveries`)).status).toBe(200);
    // What the dashboard loads first stays the bridge's own: refused as if it did not exist.
    expect((await get(engineer, `/api/v1/alerts?bridge=${bridge.id}`)).status).toBe(404);
    expect((await get(engineer, `/api/v1/bridges/${bridge.id}/fatigue`)).status).toBe(404);
    const listed = await t.request<{ id: number }[]>({
      method: 'GET',
      url: '/api/v1/bridges',
      token: engineer.token,
    });
    expect(listed.body.map((b) => b.id)).not.toContain(bridge.id);
    // The person the bridge is assigned to is offered the dashboard; a bystander sees nothing.
    expect((await get(operator, `/api/v1${page}`)).body).toMatchObject({ bridge_visible: true });
    const refused = await get(bystander, `/api/v1${page}`);
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe(`Alert ${told?.id} not found`);
  });
});

interface AlertViewAnswer {
  detail?: string;
  alert?: { id: number; state: string; bridge_name: string };
  bridge_visible?: boolean;
  display?: { time_zone: string | null; units: string };
}

interface BellAnswer {
  items: {
    kind: string;
    tier: number;
    bridge_visible: boolean;
    alert: { id: number; bridge_name: string; type: string };
  }[];
}

// Decision 080, amended 2026-12-02: the bell writes its line for everyone an email or text tells
// (here a contact group's member the bridge is not assigned to), beside those who see the
// bridge; the line opens the alert's page, not the dashboard. A bystander gets none, nor does a
// member who turned the bell off (decision 050), though their email still goes.
describe.each(drivers)('the bell of a person told of an alert on %s', (kind) => {
  const t = setupTestApp(kind);
  const mail = alertMail(t);
  const { smtp } = mail;
  const bell = async (who: { token: string }) =>
    (
      await t.request<BellAnswer>({
        method: 'GET',
        url: '/api/v1/notifications',
        token: who.token,
      })
    ).body.items;

  it("writes the told engineer a line that opens the alert's page; none for a bystander or a member with the bell off", async () => {
    const operator = await t.createUser({ name: `bell-assigned-${kind}` });
    const engineer = await t.createUser({ name: `bell-engineer-${kind}` });
    const muted = await t.createUser({ name: `bell-muted-${kind}` });
    const bystander = await t.createUser({ name: `bell-bystander-${kind}` });
    const { bridge } = await bridgeWithStreams(t, 'Lions Gate');
    await assignBridge(t, operator.id, bridge.id);
    await t.services.notificationSettings.save(
      muted.id,
      { email: true, sms: true, inApp: false, quietHours: null },
      new Date(),
    );
    await routeByEmail(t, bridge.companyId, [engineer.id, muted.id], {
      bridgeId: bridge.id,
      alertTypes: ['Structural Warning'],
      minSeverity: 'Critical',
    });
    const alerts = mail.serviceWith(await mail.notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 6));
    const told = (await storedAlerts(t, bridge.id)).find((a) => a.type === 'Structural Warning');
    if (!told) throw new Error('no structural alert');
    await until(
      () =>
        smtp.received.some((m) => m.to.includes(engineer.email)) &&
        smtp.received.some((m) => m.to.includes(muted.email)),
      "the group's emails",
    );

    const lines = await bell(engineer);
    expect(lines).toEqual([
      {
        id: expect.any(Number),
        kind: 'raised',
        tier: 1,
        escalated_tier: null,
        escalated_at: null,
        action: null,
        read_at: null,
        created_at: expect.any(String),
        bridge_visible: false,
        alert: expect.objectContaining({ id: told.id, bridge_name: 'Lions Gate' }),
      },
    ]);
    const unread = await t.request<{ unread: number }>({
      method: 'GET',
      url: '/api/v1/notifications/unread-count',
      token: engineer.token,
    });
    expect(unread.body.unread).toBe(1);
    // The line's alert opens on its page (/alerts/{id}); the bridge's alerts stay refused.
    const page = await t.request<AlertViewAnswer>({
      method: 'GET',
      url: `/api/v1/alerts/${told.id}`,
      token: engineer.token,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ alert: { id: told.id }, bridge_visible: false });
    const listOfBridge = await t.request({
      method: 'GET',
      url: `/api/v1/alerts?bridge=${bridge.id}`,
      token: engineer.token,
    });
    expect(listOfBridge.status).toBe(404);

    // Those who see the bridge keep their lines, offered the dashboard too.
    const operatorLines = await bell(operator);
    expect(operatorLines.length).toBeGreaterThan(1);
    expect(operatorLines.every((line) => line.bridge_visible)).toBe(true);
    expect(await bell(bystander)).toEqual([]);
    expect(await bell(muted)).toEqual([]);
  });

  it('tells a tier-2 group member at the escalation, not at the raise', async () => {
    const engineer = await t.createUser({ name: `bell-tier2-${kind}` });
    const { bridge } = await bridgeWithStreams(t, 'Ambassador');
    await routeByEmail(
      t,
      bridge.companyId,
      [engineer.id],
      { bridgeId: bridge.id, alertTypes: null, minSeverity: 'Low' },
      2,
    );
    await t.services.alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    if (!alert) throw new Error('no alert');
    expect(await bell(engineer)).toEqual([]);

    await t.services.alerts.escalateInApp(new Date(alert.raisedAt.getTime() + 16 * 60_000));
    expect(
      (await bell(engineer)).map((line) => [
        line.kind,
        line.tier,
        line.alert.id,
        line.bridge_visible,
      ]),
    ).toEqual([['escalated', 2, alert.id, false]]);
  });
});
