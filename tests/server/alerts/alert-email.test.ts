import { describe, expect, it } from 'vitest';
import { alertDeliveries } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { ALERT_MAIL_URL as PUBLIC_URL, alertMail } from '../../helpers/alert-mail.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

interface Delivery {
  recipient: { id: number; username: string } | null;
  address: string | null;
  state: string;
  attempts: number;
  message_id: string;
  provider_answer: string | null;
  last_error: string | null;
  sent_at: string | null;
}

// Issue 32: a raised alert reaches the people who can see its bridge by email, through a real
// SMTP server on loopback; an outage delays mail and never loses or doubles it.
describe.each(drivers)('alert emails on %s', (kind) => {
  const t = setupTestApp(kind);
  const { smtp, notifier, serviceWith, settled } = alertMail(t);

  async function scene(name: string) {
    const staff = await t.createUser({ staff: true, name: `staff-${kind}` });
    const operator = await t.createUser({ name: `operator-${kind}` });
    const engineer = await t.createUser({ name: `engineer-${kind}` });
    const outsider = await t.createUser({ name: `outsider-${kind}` });
    const { bridge } = await bridgeWithStreams(t, name);
    await assignBridge(t, operator.id, bridge.id);
    await assignBridge(t, engineer.id, bridge.id);
    return { staff, operator, engineer, outsider, bridge };
  }

  const deliveriesOf = (alertId: number, token: string) =>
    t.request<Delivery[]>({ method: 'GET', url: `/api/v1/alerts/${alertId}/deliveries`, token });

  it('emails a raised alert to the users of its bridge (tier 1), logged once each', async () => {
    const { staff, operator, engineer, outsider, bridge } = await scene('Lethbridge Viaduct');
    const outlet = await notifier();
    const alerts = serviceWith(outlet);

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    await until(() => smtp.received.length === 2, 'two emails');
    const [alert] = await storedAlerts(t, bridge.id);
    const id = alert?.id ?? 0;

    const byRecipient = new Map(smtp.received.map((mail) => [mail.to[0], mail]));
    expect([...byRecipient.keys()].sort()).toEqual([engineer.email, operator.email].sort());
    const mail = byRecipient.get(operator.email);
    expect(mail?.headers.get('subject')).toBe(
      '[SpanWatch] High: Anomaly Detection on Lethbridge Viaduct',
    );
    expect(mail?.headers.get('from')).toBe('SpanWatch <alerts@example.ca>');
    expect(mail?.headers.get('message-id')).toBe(
      `<alert-${id}.tier-1.user-${operator.id}.email@spanwatch.example.ca>`,
    );
    const link = /^Acknowledge it with a comment \(after signing in\): (\S+)$/m.exec(
      mail?.text ?? '',
    )?.[1];
    expect(link).toMatch(/^https:\/\/spanwatch\.example\.ca\/acknowledge\?token=[\w-]+\.[\w-]+$/);
    expect(mail?.text).toBe(
      [
        'Bridge: Lethbridge Viaduct',
        `Alert: Anomaly Detection (no. ${id})`,
        'Severity: High',
        'Measured against its trigger: 1 anomaly detected',
        `Raised: ${alert?.raisedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        '',
        `Acknowledge it with a comment (after signing in): ${link}`,
        `The alert, its actions and who was told: ${PUBLIC_URL}/alerts/${id}`,
        `The bridge's dashboard: ${PUBLIC_URL}/dashboard?bridge=${bridge.id}`,
        '',
        'You receive this because you can see this bridge in SpanWatch or its alerts are routed to you.',
      ].join('\n'),
    );

    // The delivery log: the operator reads it like the alert, but not the others' addresses.
    await until(
      async () => (await deliveriesOf(id, staff.token)).body.every((d) => d.state === 'sent'),
      'both deliveries logged as sent',
    );
    const seen = await deliveriesOf(id, operator.token);
    expect(seen.status).toBe(200);
    expect(
      seen.body.map((d) => [d.recipient?.username, d.address, d.state, d.attempts, d.last_error]),
    ).toEqual([
      [`operator-${kind}`, operator.email, 'sent', 1, null],
      [`engineer-${kind}`, null, 'sent', 1, null],
    ]);
    expect(seen.body[0]?.provider_answer).toMatch(/^250 /);
    expect((await deliveriesOf(id, staff.token)).body.map((d) => d.address)).toEqual([
      operator.email,
      engineer.email,
    ]);
    expect((await deliveriesOf(id, outsider.token)).status).toBe(404);

    // An update of the open alert, or the same alert announced again, notifies no one again.
    await alerts.analysisCompleted(outcome(bridge.id, 2));
    outlet.enqueue([id]);
    await outlet.idle();
    await outlet.deliverPending();
    await settled();
    expect(smtp.received).toHaveLength(2);
  }, 30_000);

  it('sends what an SMTP outage held back once the server returns, each message once', async () => {
    const { staff, bridge } = await scene('Hartland');
    await smtp.down();
    const outlet = await notifier();
    const alerts = serviceWith(outlet);

    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const id = alert?.id ?? 0;
    await until(async () => {
      const log = (await deliveriesOf(id, staff.token)).body;
      return log.length === 2 && log.every((d) => d.last_error !== null);
    }, 'a failed first try of each');
    expect(smtp.received).toHaveLength(0);

    await smtp.up();
    await until(() => smtp.received.length === 2, 'both emails after the outage', 15_000);
    await settled();
    const ids = smtp.received.map((mail) => mail.headers.get('message-id'));
    expect(new Set(ids).size).toBe(2);
    expect(smtp.received).toHaveLength(2);
    const log = (await deliveriesOf(id, staff.token)).body;
    expect(log.map((d) => d.state)).toEqual(['sent', 'sent']);
    expect(log.every((d) => d.attempts >= 2 && d.last_error === null)).toBe(true);
  }, 30_000);

  it('has two senders racing over the same pending notifications send each once', async () => {
    const { bridge } = await scene('Quebec');
    await smtp.down();
    const first = await notifier();
    const second = await notifier();
    await serviceWith(first).analysisCompleted(outcome(bridge.id, 1));
    await first.idle();
    await until(
      async () =>
        (await t.services.database.db.select().from(alertDeliveries)).every(
          (d) => d.lastError !== null,
        ),
      'the failed tries',
    );
    await smtp.up();
    await Promise.all([first.deliverPending(), second.deliverPending()]);
    await until(() => smtp.received.length === 2, 'both emails', 15_000);
    await settled();
    expect(smtp.received).toHaveLength(2);
  }, 30_000);
});
