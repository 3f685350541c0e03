import { describe, expect, it } from 'vitest';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { companyPerson } from '../../helpers/company-person.ts';
import { drivers } from '../../helpers/test-database.ts';
import { type TestContext, setupTestApp } from '../../helpers/test-app.ts';
import { outcome, storedAlerts } from '../alerts/alert-fixtures.ts';

interface Delivery {
  id: number;
  channel: string;
  tier: number;
  recipient: { id: number; username: string } | null;
  address: string | null;
  bridge: number;
  bridge_name: string;
  alert_type: string;
  severity: string;
  sent_at: string | null;
  provider_answer: string | null;
  last_error: string | null;
}
interface Page {
  items: Delivery[];
  next_offset: number | null;
  detail?: string;
}

/**
 * Alpha with two bridges and Beta with one, each with raised alerts; an administrator and an
 * operator in Alpha, an administrator in Beta, platform staff in a company of its own.
 */
async function scene(t: TestContext) {
  const { bridges, spans } = t.services;
  const person = async (name: string, company: string, role = {}) => {
    const { row, token } = await companyPerson(t, name, company, role);
    return { id: row.id, companyId: row.companyId, token };
  };
  const staff = await person('platform-staff', 'SpanWatch Platform', { staff: true });
  const adminA = await person('alpha-admin', 'Alpha Spans', { admin: true });
  const operatorA = await person('alpha-operator', 'Alpha Spans');
  const adminB = await person('beta-admin', 'Beta Bridges', { admin: true });
  const bridge = async (name: string, companyId: number) => {
    const row = await bridges.create({ companyId, name, location: 'River' });
    await spans.create({ bridgeId: row.id, label: 'main', length: 40 });
    await t.services.alerts.analysisCompleted(outcome(row.id, 4));
    const [alert] = await storedAlerts(t, row.id);
    if (!alert) throw new Error('no alert raised');
    return { id: row.id, alertId: alert.id };
  };
  const north = await bridge('North Bridge', adminA.companyId);
  const south = await bridge('South Bridge', adminA.companyId);
  const beta = await bridge('Beta Bridge', adminB.companyId);
  return { staff, adminA, operatorA, adminB, north, south, beta };
}

/** A delivery row as the senders leave it, `minutes` after a fixed start. */
const logged = (
  alertId: number,
  userId: number,
  channel: 'email' | 'sms',
  minutes: number,
  state: 'sent' | 'failed',
) => ({
  alertId,
  userId,
  tier: minutes > 30 ? 2 : 1,
  recipient: `${userId}@example.ca`,
  channel,
  idempotencyKey: `probe-${alertId}-${userId}-${channel}-${minutes}`,
  messageId: `<probe-${minutes}@spanwatch>`,
  state,
  attempts: 1,
  createdAt: new Date(Date.UTC(2026, 10, 30, 8, minutes)),
  sentAt: state === 'sent' ? new Date(Date.UTC(2026, 10, 30, 8, minutes, 5)) : null,
  providerAnswer: state === 'sent' ? '250 OK queued' : null,
  lastError: state === 'failed' ? 'connect ECONNREFUSED 127.0.0.1:25' : null,
});

describe.each(drivers)('company delivery log API on %s', (kind) => {
  const t = setupTestApp(kind);
  const list = (token: string, companyId: number, query = '') =>
    t.request<Page>({
      method: 'GET',
      url: `/api/v1/companies/${companyId}/deliveries${query}`,
      token,
    });

  /** Alpha: four deliveries over its two bridges; Beta: one. */
  async function seeded() {
    const s = await scene(t);
    await t.services.database.db
      .insert(alertDeliveries)
      .values([
        logged(s.north.alertId, s.operatorA.id, 'email', 1, 'sent'),
        logged(s.south.alertId, s.operatorA.id, 'sms', 2, 'failed'),
        logged(s.north.alertId, s.adminA.id, 'email', 40, 'sent'),
        logged(s.south.alertId, s.adminA.id, 'email', 41, 'sent'),
        logged(s.beta.alertId, s.adminB.id, 'email', 3, 'sent'),
      ]);
    // The raise itself planned nothing here (no SMTP configured): only these rows are logged.
    return s;
  }

  it('lists the company’s deliveries newest first with bridge, alert, answer and failure', async () => {
    const s = await seeded();
    const answer = await list(s.adminA.token, s.adminA.companyId);
    expect(answer.status).toBe(200);
    expect(answer.body.next_offset).toBeNull();
    expect(
      answer.body.items.map((d) => [d.bridge_name, d.channel, d.tier, d.recipient?.username]),
    ).toEqual([
      ['South Bridge', 'email', 2, 'alpha-admin'],
      ['North Bridge', 'email', 2, 'alpha-admin'],
      ['South Bridge', 'sms', 1, 'alpha-operator'],
      ['North Bridge', 'email', 1, 'alpha-operator'],
    ]);
    expect(answer.body.items[2]).toMatchObject({
      sent_at: null,
      provider_answer: null,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      // Another user's address is for staff's eyes only, as in an alert's own log.
      address: null,
    });
    expect(answer.body.items[3]).toMatchObject({ provider_answer: '250 OK queued' });
    expect(answer.body.items[0]?.alert_type).toBeTruthy();

    const byStaff = await list(s.staff.token, s.adminA.companyId);
    expect(byStaff.body.items.map((d) => d.address)).toEqual(
      [s.adminA.id, s.adminA.id, s.operatorA.id, s.operatorA.id].map((id) => `${id}@example.ca`),
    );
  });

  it('pages with limit and offset, and filters by bridge and by channel', async () => {
    const s = await seeded();
    const first = await list(s.staff.token, s.adminA.companyId, '?limit=3');
    expect(first.body.items).toHaveLength(3);
    expect(first.body.next_offset).toBe(3);
    const second = await list(s.staff.token, s.adminA.companyId, '?limit=3&offset=3');
    expect(second.body.items.map((d) => d.channel)).toEqual(['email']);
    expect(second.body.next_offset).toBeNull();

    const north = await list(s.adminA.token, s.adminA.companyId, `?bridge=${s.north.id}`);
    expect(north.body.items.map((d) => d.bridge)).toEqual([s.north.id, s.north.id]);
    const texts = await list(s.adminA.token, s.adminA.companyId, '?channel=sms');
    expect(texts.body.items.map((d) => d.channel)).toEqual(['sms']);
    // Another company's bridge narrows to nothing and reveals nothing.
    const stray = await list(s.adminA.token, s.adminA.companyId, `?bridge=${s.beta.id}`);
    expect(stray.body).toEqual({ items: [], next_offset: null });
  });

  it('refuses a bad page, an operator (403), another company (404) and no token (401)', async () => {
    const s = await seeded();
    for (const [query, field] of [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?offset=-1', 'offset'],
      ['?offset=10001', 'offset'],
      ['?channel=pigeon', 'channel'],
      ['?bridge=abc', 'bridge'],
    ]) {
      const refused = await list(s.adminA.token, s.adminA.companyId, query);
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toMatch(new RegExp(field ?? ''));
    }
    expect((await list(s.operatorA.token, s.adminA.companyId)).status).toBe(403);
    const other = await list(s.adminB.token, s.adminA.companyId);
    expect(other.status).toBe(404);
    expect((await list(s.staff.token, 99_999)).status).toBe(404);
    const anonymous = await t.request({
      method: 'GET',
      url: `/api/v1/companies/${s.adminA.companyId}/deliveries`,
    });
    expect(anonymous.status).toBe(401);
  });
});
