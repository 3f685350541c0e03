import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { alertDeliveries, notifications } from '../../../server/db/schema.ts';
import { drivers } from '../../helpers/test-database.ts';
import { setupTestApp } from '../../helpers/test-app.ts';
import { alertMail } from '../../helpers/alert-mail.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

const MINUTE = 60_000;
const clock = (at: Date) => at.toISOString().slice(11, 16);

// Decision 050: the delivery honours each user's own settings. Quiet hours hold email below
// Critical until they end (a stored row, released by the queue or the notifier's pass); Critical
// goes at once; a user who turned email (or the bell) off gets none. A real SMTP server on loopback.
describe.each(drivers)('notification settings in delivery on %s', (kind) => {
  const t = setupTestApp(kind);
  const mail = alertMail(t);
  const { smtp } = mail;

  /** As the server builds it: pg-boss with a worker on PostgreSQL, in process on PGlite. */
  const service = async () => mail.serviceWith(await mail.notifier());

  /** Quiet hours from an hour ago to an hour ahead (UTC): the hold ends at `end`. */
  function quietNow() {
    const now = new Date();
    const end = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE + 60 * MINUTE);
    return {
      quiet: {
        start: clock(new Date(now.getTime() - 60 * MINUTE)),
        end: clock(end),
        time_zone: 'UTC',
      },
      end,
    };
  }

  async function scene(name: string) {
    const sleeper = await t.createUser({ name: `sleeper-${name}` });
    const noEmail = await t.createUser({ name: `noemail-${name}` });
    const colleague = await t.createUser({ name: `colleague-${name}` });
    const { bridge } = await bridgeWithStreams(t, name);
    for (const user of [sleeper, noEmail, colleague]) await assignBridge(t, user.id, bridge.id);
    const { quiet, end } = quietNow();
    const settings = (token: string, body: object) =>
      t.request({ method: 'PUT', url: '/api/v1/me/notification-settings', token, body });
    const on = { email: true, sms: true, in_app: true, quiet_hours: null };
    expect((await settings(sleeper.token, { ...on, quiet_hours: quiet })).status).toBe(200);
    expect((await settings(noEmail.token, { ...on, email: false, in_app: false })).status).toBe(
      200,
    );
    return { sleeper, noEmail, colleague, bridge, end };
  }

  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
  const subjectsTo = (email: string) =>
    mailsTo(email)
      .map((mail) => mail.headers.get('subject') ?? '')
      .sort();
  const rowsOf = (userId: number) =>
    t.services.database.db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.userId, userId))
      .orderBy(alertDeliveries.id);

  /** The quiet hours end: moved to a second ago, with the queued jobs on PostgreSQL. */
  async function endQuietHours(ids: number[]) {
    await t.services.database.db
      .update(alertDeliveries)
      .set({ holdUntil: new Date(Math.floor(Date.now() / 1000) * 1000 - 1000) })
      .where(inArray(alertDeliveries.id, ids));
    if (kind === 'postgres') {
      await t.services.database.db.execute(
        sql`update pgboss.job set start_after = now() where name = 'alert-email' and state = 'created' and (data->>'deliveryId')::int in (${sql.join(ids, sql`, `)})`,
      );
    }
  }

  it("holds a Medium alert's email in quiet hours and sends it when they end", async () => {
    const { sleeper, noEmail, colleague, bridge, end } = await scene('Forth');
    const alerts = await service();

    // 3 anomalies: Structural Warning (High), Maintenance Required (Medium), Anomaly Detection (High).
    await alerts.analysisCompleted(outcome(bridge.id, 3));
    await until(() => mailsTo(colleague.email).length === 3, "the colleague's three emails");
    expect(subjectsTo(colleague.email)).toContain(
      '[SpanWatch] Medium: Maintenance Required on Forth',
    );

    // The sleeper's are stored, held until the quiet hours end; nothing was sent to them.
    const held = await rowsOf(sleeper.id);
    expect(held.map((row) => [row.state, row.attempts, row.holdUntil?.toISOString()])).toEqual(
      Array(3).fill(['pending', 0, end.toISOString()]),
    );
    expect(mailsTo(sleeper.email)).toHaveLength(0);
    const ids = held.map((row) => row.id);
    if (kind === 'postgres') {
      // Each is a pg-boss job that starts when the quiet hours end.
      const jobs = (await t.services.database.db.execute(
        sql`select start_after from pgboss.job where name = 'alert-email' and state = 'created' and (data->>'deliveryId')::int in (${sql.join(ids, sql`, `)})`,
      )) as unknown as { rows: { start_after: Date | string }[] };
      expect(jobs.rows.map((job) => new Date(job.start_after).toISOString())).toEqual(
        Array(3).fill(end.toISOString()),
      );
    }
    // The one who turned email and the bell off has no email row and no bell entry.
    expect(await rowsOf(noEmail.id)).toEqual([]);
    const bell = await t.services.database.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(inArray(notifications.userId, [noEmail.id, colleague.id]));
    expect(new Set(bell.map((row) => row.userId))).toEqual(new Set([colleague.id]));

    // Meanwhile the Medium one is acknowledged (by the colleague): it is left out.
    const raised = await storedAlerts(t, bridge.id);
    const medium = raised.find((alert) => alert.severity === 'Medium');
    const ack = await t.request({
      method: 'POST',
      url: `/api/v1/alerts/${medium?.id}/acknowledge`,
      token: colleague.token,
      body: { comment: 'Seen, booked for Monday' },
    });
    expect(ack.status).toBe(200);

    // The quiet hours end (moved to now, and the queued jobs with them): what they held goes
    // as one email listing the two still open, each once (decision 065 (g)).
    await endQuietHours(ids);
    await until(() => mailsTo(sleeper.email).length === 1, 'the held email', 15_000);
    await until(
      async () => (await rowsOf(sleeper.id)).every((row) => row.state !== 'pending'),
      'the held rows logged',
    );
    await mail.settled();
    expect(mailsTo(sleeper.email)).toHaveLength(1);
    const [digest] = mailsTo(sleeper.email);
    expect(digest?.headers.get('subject')).toBe(
      '[SpanWatch] 2 alerts held during your quiet hours, still open (highest: High)',
    );
    const open = raised.filter((alert) => alert.severity !== 'Medium');
    for (const alert of open) {
      expect(digest?.text).toContain(`High: ${alert.type} on Forth (no. ${alert.id})`);
    }
    expect(digest?.text).not.toContain('Maintenance Required');
    expect(digest?.text).toContain(
      '1 more alert held for you was answered meanwhile (acknowledged, cleared or its action done) and is not listed.',
    );
    expect(digest?.text.match(/Acknowledge it with a comment/g)).toHaveLength(2);
    // Each alert keeps its row in the log: the open ones sent by that one message, the
    // acknowledged one not sent.
    const logged = await rowsOf(sleeper.id);
    const messageId = digest?.headers.get('message-id');
    expect(
      logged.map((row) => [row.alertId, row.state, row.attempts, row.messageId, row.lastError]),
    ).toEqual(
      held.map((row) =>
        row.alertId === medium?.id
          ? [
              row.alertId,
              'cancelled',
              1,
              row.messageId,
              'Not sent: the alert was acknowledged first',
            ]
          : [row.alertId, 'sent', 1, messageId, null],
      ),
    );
    expect(messageId).toBe(
      `<held.user-${sleeper.id}.email.until-${Math.floor((logged[0]?.holdUntil?.getTime() ?? 0) / 1000)}@spanwatch.example.ca>`,
    );
    expect(mailsTo(noEmail.email)).toHaveLength(0);
  }, 30_000);

  it('sends what quiet hours held once, with one Message-ID, over an outage and two senders', async () => {
    const { sleeper, bridge } = await scene('Severn');
    const first = await mail.notifier();
    const second = await mail.notifier();
    await mail.serviceWith(first).analysisCompleted(outcome(bridge.id, 3));
    await until(async () => (await rowsOf(sleeper.id)).length === 3, "the sleeper's held rows");
    const ids = (await rowsOf(sleeper.id)).map((row) => row.id);

    // The SMTP server is down when the quiet hours end: the one message fails and waits.
    await smtp.down();
    await endQuietHours(ids);
    await until(
      async () => (await rowsOf(sleeper.id)).every((row) => row.lastError !== null),
      'the failed try',
      15_000,
    );
    await smtp.up();
    await Promise.all([first.deliverPending(), second.deliverPending()]);
    await until(() => mailsTo(sleeper.email).length === 1, 'the held email', 15_000);
    await mail.settled();
    expect(mailsTo(sleeper.email)).toHaveLength(1);
    const [digest] = mailsTo(sleeper.email);
    expect(digest?.headers.get('subject')).toBe(
      '[SpanWatch] 3 alerts held during your quiet hours, still open (highest: High)',
    );
    const logged = await rowsOf(sleeper.id);
    expect(logged.map((row) => [row.state, row.messageId])).toEqual(
      Array(3).fill(['sent', digest?.headers.get('message-id')]),
    );
    expect(logged.every((row) => row.attempts >= 2)).toBe(true);
  }, 40_000);

  it('sends a Critical alert at once in quiet hours, holding those below it', async () => {
    const { sleeper, noEmail, colleague, bridge, end } = await scene('Tay');
    const alerts = await service();

    // 4 anomalies: Anomaly Detection is Critical, the bridge's other alerts below it.
    await alerts.analysisCompleted(outcome(bridge.id, 4));
    await until(() => mailsTo(sleeper.email).length === 1, 'the Critical email');
    expect(subjectsTo(sleeper.email)).toEqual(['[SpanWatch] Critical: Anomaly Detection on Tay']);
    const raised = await storedAlerts(t, bridge.id);
    await until(() => mailsTo(colleague.email).length === raised.length, "the colleague's emails");
    const below = raised.filter((alert) => alert.severity !== 'Critical');
    expect(below.length).toBeGreaterThan(0);
    // The SMTP server has the Critical email a moment before its row is logged as sent.
    const critical = raised.filter((alert) => alert.severity === 'Critical');
    await until(
      async () =>
        (await rowsOf(sleeper.id)).some(
          (row) => row.alertId === critical[0]?.id && row.state === 'sent',
        ),
      'the Critical email logged as sent',
    );
    // Everything below Critical is held for the sleeper until the quiet hours end.
    const rows = await t.services.database.db
      .select()
      .from(alertDeliveries)
      .where(and(eq(alertDeliveries.userId, sleeper.id), eq(alertDeliveries.state, 'pending')));
    expect(rows.map((row) => row.alertId).sort()).toEqual(below.map((alert) => alert.id).sort());
    expect(rows.every((row) => row.holdUntil?.toISOString() === end.toISOString())).toBe(true);
    expect(mailsTo(sleeper.email)).toHaveLength(1);
    expect(mailsTo(noEmail.email)).toHaveLength(0);
    expect(await rowsOf(noEmail.id)).toEqual([]);
  }, 30_000);

  it('answers 409 to a verification request when no SMS provider is set up', async () => {
    const user = await t.createUser();
    const answer = await t.request<{ detail: string }>({
      method: 'POST',
      url: '/api/v1/me/notification-settings/phone/verify-request',
      token: user.token,
      body: { phone: '+15195550123' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.detail).toMatch(/^phone: this server sends no text messages/);
    const read = await t.request<{ sms_available: boolean }>({
      method: 'GET',
      url: '/api/v1/me/notification-settings',
      token: user.token,
    });
    expect(read.body.sms_available).toBe(false);
  });
});
