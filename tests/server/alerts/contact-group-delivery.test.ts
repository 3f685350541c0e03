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
) {
  const group = await t.services.contactGroups.createGroup(companyId, {
    name: `Group of ${members.join(', ')}`,
    members,
  });
  await t.services.contactGroups.createRule(companyId, {
    ...rule,
    groupId: group.id,
    channels: ['email'],
    tier: 1,
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
