import { describe, expect, it } from 'vitest';
import type { EscalationPolicy } from '../../../server/alerts/escalation-policy.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import type { ReceivedMail } from '../../helpers/smtp-receiver.ts';
import { ALERT_MAIL_URL as PUBLIC_URL, alertMail } from '../../helpers/alert-mail.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

// Minutes in production, seconds here: tier 2 after 10 s, tier 3 after 20 s, a reminder every
// 18 s (the first between the two tiers, the second, which acknowledgement must stop, at 36 s).
const POLICY: EscalationPolicy = {
  tier2AfterSeconds: 10,
  tier3AfterSeconds: 20,
  reminderEverySeconds: 18,
};
// How late a notice may arrive after its deadline: a pass every 0.3 s on the embedded database,
// pg-boss polling every second (the escalation job, then the email job) on PostgreSQL, and a
// loaded shared machine. The issue allows ±30 s. At 4/8/7 s with 5 s allowed, tier 2 came 7-10 s
// late on both databases once each escalation also told the tiers before it (8 messages, was 5)
// on a 2-core machine at load 16-25, and the chain (tier 3, then the acknowledgement before the
// second reminder) had no room for it.
const LATE_MS = 10_000;

interface Delivery {
  tier: number;
  reminder: number;
  escalated_to: number | null;
  state: string;
  recipient: { username: string } | null;
}

const keyOf = (mail: ReceivedMail) =>
  /^<alert-\d+\.(tier-\d\.user-\d+\.email(?:\.reminder-\d)?(?:\.escalated-\d)?)@/.exec(
    mail.headers.get('message-id') ?? '',
  )?.[1] ?? '';

// Issue 32: an alert nobody acknowledges reaches tier 2 and tier 3 at their deadlines and is
// repeated to everyone told so far; acknowledging it from the email's link stops all of it.
// The drivers' runs side by side: each waits out real deadlines (about 46 s) on a database,
// mail receiver and services of its own, so one need not wait for the other.
describe.concurrent.each(drivers)('alert escalation on %s', (kind) => {
  const t = setupTestApp(kind);
  const { smtp, notifier, serviceWith } = alertMail(t, { escalation: POLICY });

  it('escalates to tier 2 and 3 at their deadlines, reminds, and stops once acknowledged', async () => {
    const staff = await t.createUser({ staff: true, name: `manager-${kind}` });
    const admin = await t.createUser({ staff: true, name: `admin-${kind}` });
    const operator = await t.createUser({ name: `operator-${kind}` });
    // The operator's company has its own manager; the admin is of the company running SpanWatch.
    await t.services.users.update(admin.id, { company: 'Bridge Authority' });
    const { bridge } = await bridgeWithStreams(t, 'Angus L. Macdonald');
    await assignBridge(t, operator.id, bridge.id);

    const alerts = serviceWith(await notifier());
    await alerts.analysisCompleted(outcome(bridge.id, 1));
    const [alert] = await storedAlerts(t, bridge.id);
    const id = alert?.id ?? 0;
    const raisedAt = alert?.raisedAt.getTime() ?? 0;
    const arrival = (key: string) => smtp.received.find((mail) => keyOf(mail) === key);

    await until(() => smtp.received.length >= 1, 'the first notice', 8000);
    expect(smtp.received.map(keyOf)).toEqual([`tier-1.user-${operator.id}.email`]);

    const tier2 = `tier-2.user-${staff.id}.email`;
    await until(() => arrival(tier2) !== undefined, 'tier 2', 25_000);
    const tier2Mail = arrival(tier2);
    expect(tier2Mail?.to).toEqual([staff.email]);
    expect(tier2Mail?.headers.get('subject')).toBe(
      '[SpanWatch] Escalated to you (tier 2), unacknowledged: High: Anomaly Detection on Angus L. Macdonald',
    );
    expect(tier2Mail?.text.split('\n')[0]).toBe('Still not acknowledged: escalated to tier 2.');
    const tier2Late = (tier2Mail?.receivedAt ?? 0) - raisedAt - POLICY.tier2AfterSeconds * 1000;
    expect(tier2Late).toBeGreaterThanOrEqual(0);
    expect(tier2Late).toBeLessThan(LATE_MS);

    const tier3 = `tier-3.user-${admin.id}.email`;
    await until(() => arrival(tier3) !== undefined, 'tier 3', 25_000);
    const tier3Late =
      (arrival(tier3)?.receivedAt ?? 0) - raisedAt - POLICY.tier3AfterSeconds * 1000;
    expect(tier3Late).toBeGreaterThanOrEqual(0);
    expect(tier3Late).toBeLessThan(LATE_MS);
    // The first reminder (18 s) went to everyone told by then: tiers 1 and 2. Each escalation
    // also told the earlier tiers it had gone on past them (decision 080, 2026-12-02 (d)).
    await until(() => smtp.received.length >= 8, 'the first reminders', 15_000);
    expect(smtp.received.map(keyOf).sort()).toEqual(
      [
        `tier-1.user-${operator.id}.email`,
        `tier-1.user-${operator.id}.email.escalated-2`,
        `tier-1.user-${operator.id}.email.reminder-1`,
        tier2,
        `tier-2.user-${staff.id}.email.reminder-1`,
        tier3,
        `tier-1.user-${operator.id}.email.escalated-3`,
        `tier-2.user-${staff.id}.email.escalated-3`,
      ].sort(),
    );
    const reminder = smtp.received.find((mail) => keyOf(mail).endsWith('reminder-1'));
    expect(reminder?.headers.get('subject')).toMatch(
      /^\[SpanWatch\] Reminder 1, still unacknowledged: High: Anomaly Detection on /,
    );

    // The admin acknowledges from the link in the tier 3 email.
    const link = /^Acknowledge it with a comment \(after signing in\): (\S+)$/m.exec(
      arrival(tier3)?.text ?? '',
    )?.[1];
    const token = new URL(link ?? PUBLIC_URL).searchParams.get('token') ?? '';
    const acknowledged = await t.request<{ state: string; comment: string }>({
      method: 'POST',
      url: '/api/v1/alert-links/acknowledge',
      token: admin.token,
      body: { token, comment: 'Deck joint checked on site; no damage.' },
    });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.state).toBe('acknowledged');
    expect(Date.now() - raisedAt).toBeLessThan(36_000);

    // Past the second reminder's deadline (36 s): nothing more was planned or sent.
    const wait = raisedAt + 36_000 + LATE_MS - Date.now();
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0)));
    expect(smtp.received.map(keyOf)).toHaveLength(8);
    const log = await t.request<Delivery[]>({
      method: 'GET',
      url: `/api/v1/alerts/${id}/deliveries`,
      token: admin.token,
    });
    const rows = log.body.map((d) => [
      d.recipient?.username,
      d.tier,
      d.reminder,
      d.escalated_to,
      d.state,
    ]);
    expect(rows).toEqual([
      [`operator-${kind}`, 1, 0, null, 'sent'],
      [`manager-${kind}`, 2, 0, null, 'sent'],
      [`operator-${kind}`, 1, 0, 2, 'sent'],
      [`operator-${kind}`, 1, 1, null, 'sent'],
      [`manager-${kind}`, 2, 1, null, 'sent'],
      [`admin-${kind}`, 3, 0, null, 'sent'],
      [`operator-${kind}`, 1, 0, 3, 'sent'],
      [`manager-${kind}`, 2, 0, 3, 'sent'],
    ]);
  }, 120_000);
});
