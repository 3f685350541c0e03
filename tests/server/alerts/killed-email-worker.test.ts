import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT_MAIL_URL, alertMail } from '../../helpers/alert-mail.ts';
import { testConfig, setupTestApp } from '../../helpers/test-app.ts';
import { until } from '../../helpers/until.ts';
import { assignBridge, bridgeWithStreams, outcome, storedAlerts } from './alert-fixtures.ts';

// A send's timeout of 2 s: the claim on a row lasts 6 s, a dead worker's job expires after 8 s.
const SEND_TIMEOUT_SECONDS = 2;

interface Delivery {
  state: string;
  attempts: number;
  message_id: string;
}

// Issue 32: "a worker killed mid-send: the message is sent by another worker, at most one
// duplicate and it carries the same Message-ID". pg-boss only: the embedded database has one
// process, so there is no other worker to take over.
describe.skipIf(!process.env.DATABASE_URL)('a worker killed mid-send on postgres', () => {
  const t = setupTestApp('postgres');
  const { smtp, notifier, serviceWith, settled } = alertMail(t, {
    delivery: { sendTimeoutSeconds: SEND_TIMEOUT_SECONDS },
  });

  it('has another worker send the message, at most one duplicate, with the same Message-ID', async () => {
    const staff = await t.createUser({ staff: true, name: 'staff-killed' });
    const operator = await t.createUser({ name: 'operator-killed' });
    const { bridge } = await bridgeWithStreams(t, 'Killed Worker Crossing');
    await assignBridge(t, operator.id, bridge.id);
    smtp.stall();

    const root = path.resolve(import.meta.dirname, '../../..');
    const doomed = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/helpers/alert-email-worker.ts'],
      {
        cwd: root,
        env: {
          ...process.env,
          DATABASE_URL: t.databaseUrl ?? '',
          DATA_DIR: mkdtempSync(path.join(tmpdir(), 'killed-worker-')),
          JWT_SECRET: testConfig.jwtSecret,
          SMTP_URL: smtp.url(),
          PUBLIC_URL: ALERT_MAIL_URL,
          ALERT_SEND_TIMEOUT_SECONDS: String(SEND_TIMEOUT_SECONDS),
          ALERT_RETRY_DELAY_SECONDS: '1',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => doomed.once('exit', resolve));
    let printed = '';
    doomed.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    try {
      await until(() => printed.includes('working'), 'the doomed worker ready', 60_000);
      // This process plans and queues, but is not yet a worker: the doomed one takes the job.
      const planner = await notifier({}, { work: false });
      await serviceWith(planner).analysisCompleted(outcome(bridge.id, 1));
      await planner.idle();
      await until(() => smtp.stalled() === 1, 'the doomed worker in the DATA phase', 30_000);
      doomed.kill('SIGKILL');
      await exited;
      smtp.unstall();
      const killedAt = Date.now();

      await notifier();
      await until(() => smtp.received.length >= 2, 'the message sent by the survivor', 60_000);
      // No third copy from a later retry.
      await settled();
      const ids = smtp.received.map((mail) => mail.headers.get('message-id'));
      const [alert] = await storedAlerts(t, bridge.id);
      const messageId = `<alert-${alert?.id ?? 0}.tier-1.user-${operator.id}.email@spanwatch.example.ca>`;
      // The stalled copy (the server kept it; its answer never reached the killed worker) and one
      // resend: one duplicate, and it carries the same Message-ID.
      expect(ids).toEqual([messageId, messageId]);
      expect(smtp.received.map((mail) => mail.to)).toEqual([[operator.email], [operator.email]]);
      const log = await t.request<Delivery[]>({
        method: 'GET',
        url: `/api/v1/alerts/${alert?.id ?? 0}/deliveries`,
        token: staff.token,
      });
      expect(log.body.map((d) => [d.state, d.attempts, d.message_id])).toEqual([
        ['sent', 2, messageId],
      ]);
      // Within the job's expiry (8 s), maintenance's look (2 s) and a retry's delay.
      expect(Date.now() - killedAt).toBeLessThan(30_000);
    } finally {
      doomed.kill('SIGKILL');
      smtp.unstall();
    }
  }, 180_000);
});
