import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alerts } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { assignBridge, bridgeWithStreams, outcome } from '../alerts/alert-fixtures.ts';

interface AlertBody {
  id: number;
  bridge: number;
  bridge_name: string;
  type: string;
  severity: string;
  state: string;
  acknowledged_at: string | null;
  acknowledged_by: { id: number; username: string } | null;
  comment: string | null;
  cleared_at: string | null;
}

describe.each(drivers)('alerts API on %s', (kind) => {
  const t = setupTestApp(kind);

  /** Two bridges with alerts; the operator is assigned only the first. */
  async function scene() {
    const staff = await t.createUser({ staff: true, name: 'staffer' });
    const operator = await t.createUser({ name: 'operator' });
    const mine = await bridgeWithStreams(t, 'Mine');
    const other = await bridgeWithStreams(t, 'Other');
    await assignBridge(t, operator.id, mine.bridge.id);
    await t.services.alerts.analysisCompleted(outcome(mine.bridge.id, 1));
    await t.services.alerts.analysisCompleted(outcome(other.bridge.id, 4));
    return { staff, operator, mine: mine.bridge, other: other.bridge };
  }

  const list = (token: string, query = '') =>
    t.request<AlertBody[]>({ method: 'GET', url: `/api/v1/alerts${query}`, token });
  const acknowledge = (token: string, id: number, body?: unknown) =>
    t.request<AlertBody & { detail?: string }>({
      method: 'POST',
      url: `/api/v1/alerts/${id}/acknowledge`,
      token,
      ...(body === undefined ? {} : { body }),
    });

  it('lists the open alerts newest first, only on bridges the caller may see', async () => {
    const { staff, operator, mine, other } = await scene();

    const all = await list(staff.token);
    expect(all.status).toBe(200);
    expect(all.body.map((a) => [a.bridge_name, a.type])).toEqual([
      ['Other', 'Anomaly Detection'],
      ['Other', 'Maintenance Required'],
      ['Other', 'Structural Warning'],
      ['Mine', 'Anomaly Detection'],
    ]);

    const own = await list(operator.token);
    expect(own.body.map((a) => [a.bridge, a.type, a.state])).toEqual([
      [mine.id, 'Anomaly Detection', 'active'],
    ]);

    expect((await list(staff.token, `?bridge=${mine.id}`)).body).toHaveLength(1);
    expect(await list(operator.token, `?bridge=${other.id}`)).toMatchObject({
      status: 404,
      body: { detail: `Bridge ${other.id} not found` },
    });
    expect((await list(staff.token, '?bridge=9999')).status).toBe(404);
    expect((await list(staff.token, '?state=closed')).status).toBe(400);
  });

  it('filters by state: open by default, cleared and all on request', async () => {
    const { staff, other } = await scene();
    await t.services.alerts.analysisCompleted(outcome(other.id, 2));

    const open = await list(staff.token);
    expect(open.body.map((a) => [a.bridge_name, a.type])).toEqual([
      ['Other', 'Anomaly Detection'],
      ['Mine', 'Anomaly Detection'],
    ]);
    const cleared = await list(staff.token, '?state=cleared');
    expect(cleared.body.map((a) => a.type).sort()).toEqual([
      'Maintenance Required',
      'Structural Warning',
    ]);
    expect(cleared.body.every((a) => a.cleared_at !== null)).toBe(true);
    expect((await list(staff.token, '?state=all')).body).toHaveLength(4);
    expect((await list(staff.token, '?state=acknowledged')).body).toEqual([]);
  });

  it('acknowledges an active alert with the caller, the time and a comment', async () => {
    const { operator, mine } = await scene();
    const [alert] = (await list(operator.token)).body;
    if (!alert) throw new Error('no alert');

    const response = await acknowledge(operator.token, alert.id, { comment: '  Crew sent  ' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: alert.id,
      bridge: mine.id,
      state: 'acknowledged',
      acknowledged_by: { id: operator.id, username: 'operator' },
      comment: 'Crew sent',
    });
    const [stored] = await t.services.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, alert.id));
    expect(stored).toMatchObject({
      state: 'acknowledged',
      acknowledgedBy: operator.id,
      comment: 'Crew sent',
    });
    expect(stored?.acknowledgedAt?.toISOString()).toBe(response.body.acknowledged_at);
  });

  it("gives each listed bridge its active alert count, for the map's popup", async () => {
    const { staff, operator, other } = await scene();
    const [first] = (await list(staff.token, `?bridge=${other.id}`)).body;
    if (!first) throw new Error('no alert');
    expect((await acknowledge(staff.token, first.id, { comment: 'Seen' })).status).toBe(200);
    await bridgeWithStreams(t, 'Quiet');
    const bridgesOf = (token: string) =>
      t.request<{ name: string; active_alerts?: number }[]>({
        method: 'GET',
        url: '/api/v1/bridges',
        token,
      });

    const all = await bridgesOf(staff.token);
    expect(all.status).toBe(200);
    // Other raised three; the acknowledged one no longer waits for anyone.
    expect(all.body.map((b) => [b.name, b.active_alerts])).toEqual([
      ['Mine', 1],
      ['Other', 2],
      ['Quiet', 0],
    ]);
    expect((await bridgesOf(operator.token)).body.map((b) => [b.name, b.active_alerts])).toEqual([
      ['Mine', 1],
    ]);
  });

  it.each([
    ['no body', undefined],
    ['no comment', {}],
    ['an empty comment', { comment: '' }],
    ['a comment of only spaces', { comment: '   \t ' }],
    ['a comment that is not text', { comment: 42 }],
  ])('refuses %s with a 400 naming the comment, and leaves the alert active', async (_c, body) => {
    const { staff } = await scene();
    const [alert] = (await list(staff.token)).body;
    if (!alert) throw new Error('no alert');
    const response = await acknowledge(staff.token, alert.id, body);
    expect(response).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/comment|body/) },
    });
    const [stored] = await t.services.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, alert.id));
    expect(stored).toMatchObject({ state: 'active', acknowledgedBy: null, comment: null });
  });

  it('answers 409 for an alert already acknowledged or cleared', async () => {
    const { staff, other } = await scene();
    const [anomaly, maintenance] = (await list(staff.token, `?bridge=${other.id}`)).body;
    if (!anomaly || !maintenance) throw new Error('alerts missing');
    await acknowledge(staff.token, anomaly.id, { comment: 'Seen' });

    expect(await acknowledge(staff.token, anomaly.id, { comment: 'Again' })).toMatchObject({
      status: 409,
      body: { detail: `Alert ${anomaly.id} is already acknowledged` },
    });

    await t.services.alerts.analysisCompleted(outcome(other.id, 0));
    expect(await acknowledge(staff.token, maintenance.id, { comment: 'Late' })).toMatchObject({
      status: 409,
      body: { detail: expect.stringContaining(`Alert ${maintenance.id} is cleared`) },
    });
    const [stored] = await t.services.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, maintenance.id));
    expect(stored).toMatchObject({ state: 'cleared', acknowledgedBy: null });
  });

  it('answers 404 for an unknown alert or one on a bridge the caller may not see', async () => {
    const { operator, staff, other } = await scene();
    const [hidden] = (await list(staff.token, `?bridge=${other.id}`)).body;
    if (!hidden) throw new Error('no alert');

    expect(await acknowledge(operator.token, hidden.id, { comment: 'Seen' })).toMatchObject({
      status: 404,
      body: { detail: `Alert ${hidden.id} not found` },
    });
    expect((await acknowledge(staff.token, 999_999, { comment: 'Seen' })).status).toBe(404);
    const [stored] = await t.services.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.id, hidden.id));
    expect(stored?.state).toBe('active');
  });

  it('refuses a comment over 2000 characters, naming the field', async () => {
    const { staff } = await scene();
    const [alert] = (await list(staff.token)).body;
    const response = await acknowledge(staff.token, alert?.id ?? 0, { comment: 'x'.repeat(2001) });
    expect(response).toMatchObject({
      status: 400,
      body: { detail: expect.stringMatching(/comment/) },
    });
  });

  it('requires a signed-in caller', async () => {
    const response = await t.request({ method: 'GET', url: '/api/v1/alerts' });
    expect(response.status).toBe(401);
  });
});
