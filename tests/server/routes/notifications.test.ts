import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts, notifications } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { outcome } from '../alerts/alert-fixtures.ts';

interface NotificationBody {
  id: number;
  kind: string;
  tier: number;
  escalated_tier: number | null;
  escalated_at: string | null;
  read_at: string | null;
  created_at: string;
  alert: { id: number; bridge: number; bridge_name: string; type: string; severity: string };
}
interface Page {
  items: NotificationBody[];
  next_before: number | null;
}

/**
 * Two companies (decision 040). Alpha: an administrator, an operator assigned its bridge, an
 * operator assigned nothing. Beta: an administrator, and an operator assigned Alpha's bridge by
 * mistake (an assignment across companies). Platform staff sit in a company of their own.
 */
async function scene(t: TestContext) {
  const { users, bridges, spans } = t.services;
  const person = async (
    username: string,
    company: string,
    role: { admin?: boolean; staff?: boolean } = {},
  ) => {
    const { row, token } = await companyPerson(t, username, company, role);
    return { id: row.id, companyId: row.companyId, token };
  };
  const staff = await person('platform-staff', 'SpanWatch Platform', { staff: true });
  const adminA = await person('alpha-admin', 'Alpha Spans', { admin: true });
  const operatorA = await person('alpha-operator', 'Alpha Spans');
  const idleA = await person('alpha-idle', 'Alpha Spans');
  const adminB = await person('beta-admin', 'Beta Bridges', { admin: true });
  const strayB = await person('beta-stray', 'Beta Bridges');
  const bridgeA = await bridges.create({
    companyId: adminA.companyId,
    name: 'Alpha Bridge',
    location: 'River',
  });
  const bridgeB = await bridges.create({
    companyId: adminB.companyId,
    name: 'Beta Bridge',
    location: 'River',
  });
  for (const bridge of [bridgeA, bridgeB]) {
    await spans.create({ bridgeId: bridge.id, label: 'main', length: 40 });
  }
  await users.setBridges(operatorA.id, [bridgeA.id]);
  await users.setBridges(strayB.id, [bridgeA.id]);
  return { staff, adminA, operatorA, idleA, adminB, strayB, bridgeA, bridgeB };
}

const storedFor = (t: TestContext, alertId: number) =>
  t.services.database.db
    .select({ userId: notifications.userId, kind: notifications.kind, tier: notifications.tier })
    .from(notifications)
    .where(eq(notifications.alertId, alertId))
    .orderBy(asc(notifications.userId), asc(notifications.tier));

describe.each(drivers)('notifications API on %s', (kind) => {
  const t = setupTestApp(kind);

  const page = (token: string, query = '') =>
    t.request<Page & { detail?: string }>({
      method: 'GET',
      url: `/api/v1/notifications${query}`,
      token,
    });
  const unread = async (token: string) =>
    (
      await t.request<{ unread: number }>({
        method: 'GET',
        url: '/api/v1/notifications/unread-count',
        token,
      })
    ).body.unread;
  const markRead = (token: string, id: number) =>
    t.request<NotificationBody & { detail?: string }>({
      method: 'POST',
      url: `/api/v1/notifications/${id}/read`,
      token,
    });

  it("writes a raise for everyone who may see the bridge, and no one of another company's", async () => {
    const s = await scene(t);
    await t.services.alerts.analysisCompleted(outcome(s.bridgeA.id, 4));
    const raised = await t.services.database.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.bridgeId, s.bridgeA.id));
    expect(raised.length).toBe(3);
    for (const { id } of raised) {
      expect(await storedFor(t, id)).toEqual(
        [s.staff.id, s.adminA.id, s.operatorA.id].map((userId) => ({
          userId,
          kind: 'raised',
          tier: 1,
        })),
      );
    }

    // A second analysis with the same alerts open raises nothing new, so tells nothing new.
    await t.services.alerts.analysisCompleted(outcome(s.bridgeA.id, 4));
    expect(await unread(s.operatorA.token)).toBe(3);

    for (const outsider of [s.idleA, s.adminB, s.strayB]) {
      expect(await page(outsider.token)).toEqual({
        status: 200,
        body: { items: [], next_before: null },
      });
      expect(await unread(outsider.token)).toBe(0);
    }
  });

  it('lists newest first with the alert, a page at a time, and refuses a bad page size', async () => {
    const s = await scene(t);
    await t.services.alerts.analysisCompleted(outcome(s.bridgeA.id, 4));

    const all = await page(s.operatorA.token);
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(3);
    const ids = all.body.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(all.body.items[0]).toMatchObject({
      kind: 'raised',
      tier: 1,
      read_at: null,
      alert: { bridge: s.bridgeA.id, bridge_name: 'Alpha Bridge' },
    });
    expect(all.body.next_before).toBeNull();

    const first = await page(s.operatorA.token, '?limit=2');
    expect(first.body.items.map((item) => item.id)).toEqual(ids.slice(0, 2));
    expect(first.body.next_before).toBe(ids[1]);
    const second = await page(s.operatorA.token, `?limit=2&before=${first.body.next_before}`);
    expect(second.body).toEqual({ items: [all.body.items[2]], next_before: null });

    for (const query of ['?limit=0', '?limit=101', '?limit=abc']) {
      const refused = await page(s.operatorA.token, query);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(/limit/);
    }
    expect((await t.request({ method: 'GET', url: '/api/v1/notifications' })).status).toBe(401);
  });

  it('marks one read (keeping the first time), refuses another user’s (404), marks all read', async () => {
    const s = await scene(t);
    await t.services.alerts.analysisCompleted(outcome(s.bridgeA.id, 4));
    const [newest] = (await page(s.operatorA.token)).body.items;
    if (!newest) throw new Error('no notification');

    const read = await markRead(s.operatorA.token, newest.id);
    expect(read.status).toBe(200);
    expect(read.body.read_at).not.toBeNull();
    expect((await markRead(s.operatorA.token, newest.id)).body.read_at).toBe(read.body.read_at);
    expect(await unread(s.operatorA.token)).toBe(2);

    // Another company's administrator, and a user of the same company not told: as if absent.
    for (const outsider of [s.adminB, s.idleA]) {
      const refused = await markRead(outsider.token, newest.id);
      expect(refused).toEqual({
        status: 404,
        body: { detail: `Notification ${newest.id} not found` },
      });
    }
    expect((await markRead(s.operatorA.token, 999_999)).status).toBe(404);

    const all = await t.request<{ marked: number }>({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      token: s.operatorA.token,
    });
    expect(all).toEqual({ status: 200, body: { marked: 2 } });
    expect(await unread(s.operatorA.token)).toBe(0);
    // Only the caller's rows: the administrator's three are still unread.
    expect(await unread(s.adminA.token)).toBe(3);
    const rows = await t.services.database.db
      .select({ readAt: notifications.readAt })
      .from(notifications)
      .where(eq(notifications.userId, s.operatorA.id));
    expect(rows.every((row) => row.readAt !== null)).toBe(true);
  });

  // Decision 080, 2026-12-02 (c): an escalation is news for its tier's people; those told before
  // (the tier-1 operator, whoever sees the bridge) see it on their line, which stays as read as it was.
  it('tells each tier its escalation once, updates the lines of those told before, none after acknowledging', async () => {
    const s = await scene(t);
    await t.services.alerts.analysisCompleted(outcome(s.bridgeA.id, 1));
    const [alert] = await t.services.database.db
      .select({ id: alerts.id, raisedAt: alerts.raisedAt })
      .from(alerts)
      .where(eq(alerts.bridgeId, s.bridgeA.id));
    if (!alert) throw new Error('no alert');
    const after = (minutes: number) => new Date(alert.raisedAt.getTime() + minutes * 60_000);

    await t.services.alerts.escalateInApp(after(14));
    expect((await storedFor(t, alert.id)).filter((row) => row.kind === 'escalated')).toEqual([]);
    // The operator (tier 1) has read the raise; the administrator (tier 2) has not.
    const [raisedLine] = (await page(s.operatorA.token)).body.items;
    expect((await markRead(s.operatorA.token, raisedLine?.id ?? 0)).status).toBe(200);
    await t.services.alerts.escalateInApp(after(16));
    const [atTier2] = (await page(s.operatorA.token)).body.items;
    expect(atTier2).toMatchObject({ kind: 'raised', escalated_tier: 2 });
    expect(atTier2?.escalated_at).toBe(after(16).toISOString());
    await t.services.alerts.escalateInApp(after(61));
    await t.services.alerts.escalateInApp(after(90));
    // New lines only for each tier's own people: the administrator at 2, platform staff at 3.
    const escalated = (await storedFor(t, alert.id)).filter((row) => row.kind === 'escalated');
    expect(escalated).toEqual([
      { userId: s.staff.id, kind: 'escalated', tier: 3 },
      { userId: s.adminA.id, kind: 'escalated', tier: 2 },
    ]);
    // The operator's one line says tier 3 and stays read: no new unread news.
    const operatorItems = (await page(s.operatorA.token)).body.items;
    expect(operatorItems).toHaveLength(1);
    expect(operatorItems[0]).toMatchObject({
      kind: 'raised',
      tier: 1,
      escalated_tier: 3,
      escalated_at: after(61).toISOString(),
      read_at: expect.any(String),
      alert: { id: alert.id },
    });
    expect(await unread(s.operatorA.token)).toBe(0);
    // The administrator's tier-2 line is new (unread) and later says tier 3; staff's tier-3 is new.
    expect(
      (await page(s.adminA.token)).body.items.map((item) => [
        item.kind,
        item.tier,
        item.escalated_tier,
      ]),
    ).toEqual([
      ['escalated', 2, 3],
      ['raised', 1, 3],
    ]);
    expect((await page(s.staff.token)).body.items.map((item) => [item.kind, item.tier])).toEqual([
      ['escalated', 3],
      ['raised', 1],
    ]);

    // A second alert, acknowledged before its deadline, is not escalated.
    await t.services.alerts.analysisCompleted(outcome(s.bridgeA.id, 4));
    const [acked] = await t.services.database.db
      .select({ id: alerts.id, raisedAt: alerts.raisedAt })
      .from(alerts)
      .where(eq(alerts.type, 'Structural Warning'));
    if (!acked) throw new Error('no second alert');
    await t.services.alerts.acknowledge({ id: s.staff.id, isStaff: true }, acked.id, 'On it');
    await t.services.alerts.escalateInApp(new Date(acked.raisedAt.getTime() + 61 * 60_000));
    expect((await storedFor(t, acked.id)).map((row) => row.kind)).toEqual([
      'raised',
      'raised',
      'raised',
    ]);
  });
});
