import { describe, expect, it } from 'vitest';
import { ackLinkKey, signAckLink } from '../../../server/alerts/ack-link.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp, testConfig } from '../../helpers/test-app.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const URL = '/api/v1/alert-links/acknowledge';
const HOUR = 3_600_000;

interface Answer {
  detail?: string;
  state?: string;
  comment?: string | null;
  acknowledged_by?: { username: string } | null;
  alert?: { id: number; state: string };
  expires_at?: string;
}

// Issue 32: the signed link in an alert email acknowledges the alert with a comment, once, for
// the signed-in user it was sent to, until it expires; anything else is refused in words.
describe.each(drivers)('acknowledging from an email link on %s', (kind) => {
  const t = setupTestApp(kind);
  const key = ackLinkKey(testConfig.jwtSecret);

  async function scene() {
    const operator = await t.createUser({ name: `operator-${kind}` });
    const colleague = await t.createUser({ name: `colleague-${kind}` });
    const { bridge } = await bridgeWithStreams(t, 'Pont Laviolette');
    await assignBridge(t, operator.id, bridge.id);
    await assignBridge(t, colleague.id, bridge.id);
    await t.services.alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const link = (overrides: { userId?: number; nonce?: string; expiresAt?: Date } = {}) =>
      signAckLink(key, {
        alertId: alert?.id ?? 0,
        userId: operator.id,
        nonce: `alert-${alert?.id}.tier-1.user-${operator.id}.email`,
        expiresAt: new Date(Date.now() + 72 * HOUR),
        ...overrides,
      });
    return { operator, colleague, alertId: alert?.id ?? 0, link };
  }

  const post = (token: string, body: object) =>
    t.request<Answer>({ method: 'POST', url: URL, token, body });
  const read = (token: string, link: string) =>
    t.request<Answer>({
      method: 'GET',
      url: `${URL}?token=${encodeURIComponent(link)}`,
      token,
    });

  it('acknowledges with the comment once; a second use is refused', async () => {
    const { operator, alertId, link } = await scene();
    const token = link();

    const shown = await read(operator.token, token);
    expect(shown.status).toBe(200);
    expect(shown.body.alert).toMatchObject({ id: alertId, state: 'active' });

    const done = await post(operator.token, { token, comment: '  Checked the bearings.  ' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      state: 'acknowledged',
      comment: 'Checked the bearings.',
      acknowledged_by: { username: `operator-${kind}` },
    });

    const again = await post(operator.token, { token, comment: 'Once more' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/^token: this acknowledge link has already been used \(at /);
    expect((await read(operator.token, token)).status).toBe(409);
  });

  it('refuses a tampered link with 400 and changes nothing', async () => {
    const { operator, alertId, link } = await scene();
    const token = link();
    const [payload, signature] = token.split('.');
    // The same signature over a payload naming another alert.
    const forged = `${Buffer.from(JSON.stringify({ a: alertId + 1, u: operator.id, n: 'x', e: 4102444800 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, `${payload}.${signature?.slice(0, -2)}`, 'not-a-link']) {
      const answer = await post(operator.token, { token: bad, comment: 'Seen' });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(
        "token: this acknowledge link is not valid (it was altered or cut short); acknowledge the alert from its bridge's dashboard",
      );
    }
    const [alert] = await t.services.alerts.list(
      { id: operator.id, isStaff: false },
      { state: 'all' },
    );
    expect(alert?.state).toBe('active');
  });

  it('refuses an expired link with 410, naming when it expired', async () => {
    const { operator, link } = await scene();
    const token = link({ expiresAt: new Date('2026-01-02T03:04:00Z') });
    const answer = await post(operator.token, { token, comment: 'Seen' });
    expect(answer.status).toBe(410);
    expect(answer.body.detail).toBe(
      "token: this acknowledge link expired at 2026-01-02 03:04 UTC; acknowledge the alert from its bridge's dashboard",
    );
  });

  it('refuses a link sent to someone else, and says when the alert was answered already', async () => {
    const { operator, colleague, link } = await scene();
    const forOperator = link();
    const other = await post(colleague.token, { token: forOperator, comment: 'Seen' });
    expect(other.status).toBe(403);
    expect(other.body.detail).toMatch(/^token: this acknowledge link was sent to another user/);

    const colleagues = link({ userId: colleague.id, nonce: 'colleague-email' });
    expect((await post(colleague.token, { token: colleagues, comment: 'On it' })).status).toBe(200);
    const late = await post(operator.token, { token: forOperator, comment: 'Seen' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toMatch(
      new RegExp(`^token: alert \\d+ was already acknowledged by colleague-${kind} at `),
    );
  });

  it('asks for a comment and a token, and for a signed-in user', async () => {
    const { operator, link } = await scene();
    const token = link();
    const blank = await post(operator.token, { token, comment: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toBe('comment: this field is required');
    const missing = await post(operator.token, { comment: 'Seen' });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/token/);
    const anonymous = await t.request<Answer>({
      method: 'POST',
      url: URL,
      body: { token, comment: 'Seen' },
    });
    expect(anonymous.status).toBe(401);
  });
});
